export type Reputation = { average: number | null; ratings: number; completedSwaps: number };

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
