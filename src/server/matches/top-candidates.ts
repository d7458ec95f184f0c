/**
 * Decision 005's ranking of candidates: most 1:1 swaps, then most they can give me, then nearest, then
 * lowest user id. Ranked by 'missing' ('Più mancanti mie'), the first two keys swap places. Written here
 * twice, side by side: for the index (`TopCandidates`) and for SQL (`rankingOrderSql`, and `afterSql` for
 * the next page, issue 48 row 2).
 */
import type { MatchRanking } from '../../rpc/schemas/matches.ts';

/** The ranking as an SQL `order by` over columns `swaps`, `they_give`, `distance_km` and `id` of `from`. */
export function rankingOrderSql(rank: MatchRanking, from = '') {
  const [first, second] = rank === 'missing' ? ['they_give', 'swaps'] : ['swaps', 'they_give'];
  return `${from}${first} desc, ${from}${second} desc, ${from}distance_km asc, ${from}id asc`;
}

/**
 * An SQL condition: the candidate whose keys are these expressions comes after `after`'s keys (SQL
 * expressions too) in the ranking.
 */
export function afterSql(rank: MatchRanking, candidate: RankKeysSql, after: RankKeysSql) {
  const [first, second]: [keyof RankKeysSql, keyof RankKeysSql] =
    rank === 'missing' ? ['theyGive', 'swaps'] : ['swaps', 'theyGive'];
  const [c, a] = [candidate, after];
  return `(${c[first]} < ${a[first]} or (${c[first]} = ${a[first]} and (${c[second]} < ${a[second]}
    or (${c[second]} = ${a[second]} and (${c.distanceKm} > ${a.distanceKm}
      or (${c.distanceKm} = ${a.distanceKm} and ${c.userId} > ${a.userId}))))))`;
}
type RankKeysSql = Record<'swaps' | 'theyGive' | 'distanceKm' | 'userId', string>;

/** A candidate's place in the ranking. */
export type RankKeys = { swaps: number; theyGive: number; distanceKm: number; userId: number };

/** A candidate as ranked; `at` is its row in the album index. */
export type Ranked = RankKeys & { at: number; iGive: number };

/**
 * The best `limit` so far, kept while the index walks the collectors, best first; `admits` says whether a
 * candidate would enter. With `after` (the last candidate of the page before), only those ranked after it.
 */
export class TopCandidates {
  private readonly limit: number;
  private readonly ranked: Ranked[] = [];
  private readonly byMissing: boolean;
  private readonly after: RankKeys | undefined;

  constructor(limit: number, rank: MatchRanking = 'swaps', after?: RankKeys) {
    this.limit = limit;
    this.byMissing = rank === 'missing';
    this.after = after;
  }

  /** Also true for upper bounds of `swaps` and `theyGive`: an order by keys that only grow with them. */
  admits(swaps: number, theyGive: number, distanceKm: number, userId: number) {
    const worst = this.ranked[this.limit - 1];
    return worst === undefined || this.ahead(swaps, theyGive, distanceKm, userId, worst);
  }

  add(candidate: Ranked) {
    if (!this.admits(candidate.swaps, candidate.theyGive, candidate.distanceKm, candidate.userId)) return;
    const { after } = this;
    if (after && !this.ahead(after.swaps, after.theyGive, after.distanceKm, after.userId, candidate)) return;
    let low = 0;
    let high = this.ranked.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      const other = this.ranked[middle] as Ranked;
      if (this.ahead(candidate.swaps, candidate.theyGive, candidate.distanceKm, candidate.userId, other))
        high = middle;
      else low = middle + 1;
    }
    this.ranked.splice(low, 0, candidate);
    if (this.ranked.length > this.limit) this.ranked.pop();
  }

  best() {
    return this.ranked;
  }

  private ahead(swaps: number, theyGive: number, distanceKm: number, userId: number, other: RankKeys) {
    // Two plain branches, no arrays: this runs once per collector in the index's hot loop.
    if (this.byMissing) {
      if (theyGive !== other.theyGive) return theyGive > other.theyGive;
      if (swaps !== other.swaps) return swaps > other.swaps;
    } else {
      if (swaps !== other.swaps) return swaps > other.swaps;
      if (theyGive !== other.theyGive) return theyGive > other.theyGive;
    }
    if (distanceKm !== other.distanceKm) return distanceKm < other.distanceKm;
    return userId < other.userId;
  }
}
