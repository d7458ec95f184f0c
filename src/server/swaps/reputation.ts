import type { EntityManager } from '@mikro-orm/postgresql';
import type { SwapView } from '../../rpc/schemas/swaps.ts';
import type { User } from '../db/entities/user.ts';
import { DomainError } from '../domain-error.ts';
import { refuseHiddenByAge } from '../matches/hidden-minors.ts';
import {
  REPUTATION_COLUMNS,
  type Reputation,
  type ReputationRow,
  reputationOf,
} from '../users/reputation-columns.ts';
import {
  ALREADY_RATED_MESSAGE,
  IN_PERSON_FAR_MESSAGE,
  IN_PERSON_NOT_RECORDED_MESSAGE,
  NOT_CONFIRMED_MESSAGE,
  NOT_RATEABLE_MESSAGE,
  RECENT_SWAP_MESSAGE,
} from './rating-eligibility.ts';
import { SWAP_USER_NOT_FOUND_MESSAGE } from './swap-access.ts';
import { publishSwapEvent } from './swap-events.ts';
import { readSwap } from './swap-view.ts';

/**
 * A participant rates the other, once, when CAN_RATE_SQL allows (rating-eligibility.ts): after a swap that
 * really happened (one made in person once both phones recorded it, near each other), or after a
 * 'non_completato' end if they had confirmed receipt; not for a swap that followed another with the same
 * collector within a week.
 */
export async function rateSwap(
  em: EntityManager,
  swapId: number,
  meId: number,
  input: { stars: number; comment?: string | undefined },
) {
  const swap = await readSwap(em, swapId, meId);
  if (!swap.canRate) throw new DomainError('CONFLICT', whyNotRateable(swap, meId));
  const ratedId = swap.from.id === meId ? swap.to.id : swap.from.id;
  const inserted = await em.execute<{ swap_id: number }[]>(
    `insert into swap_rating (swap_id, rater_id, rated_id, stars, comment) values (?, ?, ?, ?, ?)
     on conflict (swap_id, rater_id) do nothing returning swap_id`,
    [swapId, meId, ratedId, input.stars, input.comment ? input.comment : null],
  );
  if (inserted.length === 0) throw new DomainError('CONFLICT', ALREADY_RATED_MESSAGE);
  await publishSwapEvent(em, swapId, [meId, ratedId]);
  return readSwap(em, swapId, meId);
}

function whyNotRateable(swap: SwapView, meId: number) {
  if (swap.myRating !== null) return ALREADY_RATED_MESSAGE;
  const other = swap.from.id === meId ? swap.to : swap.from;
  // I see a swap made in person once my phone recorded it (users/swap-standing.ts).
  if (swap.mode === 'dal_vivo' && swap.confirmedBy.length < 2)
    return IN_PERSON_NOT_RECORDED_MESSAGE(other.nickname);
  if (swap.farApart) return IN_PERSON_FAR_MESSAGE;
  if (swap.status === 'non_completato') {
    return swap.confirmedBy.includes(meId) ? RECENT_SWAP_MESSAGE : NOT_CONFIRMED_MESSAGE;
  }
  return swap.status === 'completato' ? RECENT_SWAP_MESSAGE : NOT_RATEABLE_MESSAGE;
}

/** Several collectors' standing at once. */
async function reputations(em: EntityManager, userIds: number[]): Promise<Map<number, Reputation>> {
  const result = new Map<number, Reputation>(
    userIds.map((id) => [id, { average: null, ratings: 0, completedSwaps: 0, inPersonSwaps: 0 }]),
  );
  if (userIds.length === 0) return result;
  const rows = await em.execute<({ id: number } & ReputationRow)[]>(
    `select u.id, ${REPUTATION_COLUMNS} from unnest(string_to_array(?, ',')::int[]) as u(id)`,
    [userIds.join(',')],
  );
  for (const row of rows) result.set(row.id, reputationOf(row));
  return result;
}

/**
 * A collector's standing, as their cards and chat show it. An id nobody has, and a minor hidden from me
 * by our ages (hidden-minors.ts), answer the same 404.
 */
export async function reputation(em: EntityManager, me: User, userId: number): Promise<Reputation> {
  const [known] = await em.execute<{ id: number }[]>('select id from app_user where id = ?', [userId]);
  if (!known) throw new DomainError('NOT_FOUND', SWAP_USER_NOT_FOUND_MESSAGE);
  await refuseHiddenByAge(em, me, userId, SWAP_USER_NOT_FOUND_MESSAGE);
  return (await reputations(em, [userId])).get(userId) as Reputation;
}
