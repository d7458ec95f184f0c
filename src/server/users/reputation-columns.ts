import { doneSwapSql, repeatOfPairSql } from './swap-standing.ts';

export type Reputation = {
  average: number | null;
  ratings: number;
  completedSwaps: number;
  /** Of `completedSwaps`, those made in person ('di cui N dal vivo'). */
  inPersonSwaps: number;
};

/**
 * A collector's standing as columns of a query where `u.id` is their id (docs/decisions/015): each rater
 * counts once, with their latest rating, so two accounts of one person make one voice. Mean of those stars
 * (one decimal), how many different collectors rated, and completed swaps counted by partner: a swap that
 * really happened (swap-standing.ts: one made in person only when both phones recorded it, near each
 * other) and did not follow another with the same collector within a week. Read with `reputationOf`.
 */
export const REPUTATION_COLUMNS = `
  (select round(avg(l.stars), 1) from (
     select distinct on (r.rater_id) r.stars from swap_rating r
      where r.rated_id = u.id order by r.rater_id, r.created_at desc, r.swap_id desc) l) as rep_average,
  (select count(distinct r.rater_id) from swap_rating r where r.rated_id = u.id) as rep_ratings,
  (select array[count(*)::int, (count(*) filter (where w.mode = 'dal_vivo'))::int] from swap w
    where (w.from_user_id = u.id or w.to_user_id = u.id)
      and ${doneSwapSql('w', 'status')} and not ${repeatOfPairSql('w')}) as rep_completed`;

export type ReputationRow = { rep_average: string | null; rep_ratings: string; rep_completed: number[] };

export function reputationOf(row: ReputationRow): Reputation {
  return {
    average: row.rep_average === null ? null : Number(row.rep_average),
    ratings: Number(row.rep_ratings),
    completedSwaps: Number(row.rep_completed[0]),
    inPersonSwaps: Number(row.rep_completed[1]),
  };
}
