import type { EntityManager } from '@mikro-orm/postgresql';
import { DomainError } from '../domain-error.ts';
import {
  REPUTATION_COLUMNS,
  type Reputation,
  type ReputationRow,
  reputationOf,
} from './reputation-columns.ts';
import { publishSwapEvent } from './swap-events.ts';
import { readSwap } from './swap-view.ts';

export const NOT_COMPLETED_MESSAGE = 'Puoi valutare uno scambio solo quando è completato';
export const ALREADY_RATED_MESSAGE = 'Hai già valutato questo scambio';

/** A participant rates the other, once, after the swap is completed. */
export async function rateSwap(
  em: EntityManager,
  swapId: number,
  meId: number,
  input: { stars: number; comment?: string | undefined },
) {
  const swap = await readSwap(em, swapId, meId);
  if (swap.status !== 'completato') throw new DomainError('CONFLICT', NOT_COMPLETED_MESSAGE);
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

/** Several collectors' standing at once. */
export async function reputations(em: EntityManager, userIds: number[]): Promise<Map<number, Reputation>> {
  const result = new Map<number, Reputation>(
    userIds.map((id) => [id, { average: null, ratings: 0, completedSwaps: 0 }]),
  );
  if (userIds.length === 0) return result;
  const rows = await em.execute<({ id: number } & ReputationRow)[]>(
    `select u.id, ${REPUTATION_COLUMNS} from unnest(string_to_array(?, ',')::int[]) as u(id)`,
    [userIds.join(',')],
  );
  for (const row of rows) result.set(row.id, reputationOf(row));
  return result;
}

export async function reputation(em: EntityManager, userId: number): Promise<Reputation> {
  return (await reputations(em, [userId])).get(userId) as Reputation;
}
