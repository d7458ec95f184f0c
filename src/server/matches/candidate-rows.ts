import { REPUTATION_COLUMNS, type ReputationRow } from '../users/reputation-columns.ts';

/**
 * Who a candidate is: nickname, CAP and comune (which name their comune: the CAP never leaves the server),
 * our match if we have one, their reputation (decision 015).
 */
export type CandidateRow = {
  id: number;
  nickname: string;
  cap: string;
  /** The comune they picked for a shared or unknown CAP (ISTAT code), else null. */
  comune: string | null;
  match_id: number | null;
  birth_year: number | null;
  birth_month: number | null;
  visible_to_adults: boolean;
} & ReputationRow;

/**
 * The statement reading the candidates' rows: parameters my id (twice) and their ids joined by commas.
 * `param(n)` writes the n-th: `?` for MikroORM's `execute`, `$n` for `pg`.
 */
export const candidateRowsSql = (param: (n: 1 | 2) => string) =>
  `select u.id, u.nickname, u.cap, u.comune, u.birth_year, u.birth_month, u.visible_to_adults, m.id as match_id, ${REPUTATION_COLUMNS}
     from app_user u
     left join match m on m.user_low_id = least(${param(1)}::int, u.id) and m.user_high_id = greatest(${param(1)}::int, u.id)
    where u.id = any(string_to_array(${param(2)}, ',')::int[])`;
