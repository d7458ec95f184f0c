import type { EntityManager } from '@mikro-orm/postgresql';
import { DomainError } from '../domain-error.ts';
import { publishSwapEvent } from './swap-events.ts';
import { readSwap } from './swap-view.ts';

export const NOT_COMPLETED_MESSAGE = 'Puoi valutare uno scambio solo quando è completato';
export const ALREADY_RATED_MESSAGE = 'Hai già valutato questo scambio';

export type Reputation = { average: number | null; ratings: number; completedSwaps: number };

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

/**
 * A collector's standing as columns of a query where `u.id` is their id: mean stars (one decimal),
 * ratings, completed swaps. Read with `reputationOf`.
 */
export const REPUTATION_COLUMNS = `
  (select round(avg(r.stars), 1) from swap_rating r where r.rated_id = u.id) as rep_average,
  (select count(*) from swap_rating r where r.rated_id = u.id) as rep_ratings,
  (select count(*) from swap w where w.status = 'completato' and (w.from_user_id = u.id or w.to_user_id = u.id)) as rep_completed`;

export type ReputationRow = { rep_average: string | null; rep_ratings: string; rep_completed: string };

export function reputationOf(row: ReputationRow): Reputation {
  return {
    average: row.rep_average === null ? null : Number(row.rep_average),
    ratings: Number(row.rep_ratings),
    completedSwaps: Number(row.rep_completed),
  };
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
