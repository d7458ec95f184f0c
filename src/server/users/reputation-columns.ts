export type Reputation = { average: number | null; ratings: number; completedSwaps: number };

/**
 * A collector's standing as columns of a query where `u.id` is their id (docs/decisions/015): each rater
 * counts once, with their latest rating, so two accounts of one person make one voice. Mean of those stars
 * (one decimal), how many different collectors rated, completed swaps (one made in person once both phones
 * recorded it, as swaps/rating-eligibility.ts says). Read with `reputationOf`.
 */
export const REPUTATION_COLUMNS = `
  (select round(avg(l.stars), 1) from (
     select distinct on (r.rater_id) r.stars from swap_rating r
      where r.rated_id = u.id order by r.rater_id, r.created_at desc, r.swap_id desc) l) as rep_average,
  (select count(distinct r.rater_id) from swap_rating r where r.rated_id = u.id) as rep_ratings,
  (select count(*) from swap w
    where w.status = 'completato' and (w.mode = 'online' or (w.from_confirmed and w.to_confirmed))
      and (w.from_user_id = u.id or w.to_user_id = u.id)) as rep_completed`;

export type ReputationRow = { rep_average: string | null; rep_ratings: string; rep_completed: string };

export function reputationOf(row: ReputationRow): Reputation {
  return {
    average: row.rep_average === null ? null : Number(row.rep_average),
    ratings: Number(row.rep_ratings),
    completedSwaps: Number(row.rep_completed),
  };
}
