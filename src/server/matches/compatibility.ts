/**
 * The compatibility label of a candidate, 0–100 (docs/decisions/005-match-search.md):
 * - with 1:1 swaps possible, the share of the swaps I could ever make (limited by my doubles and by my
 *   gaps, whichever is fewer) that this collector alone covers;
 * - with no swap possible (they can give, I have nothing they miss), the share of my gaps they fill.
 * A candidate always has something I miss, so the label is at least 1.
 */
export function compatibilityScore(input: {
  swaps: number;
  theyCanGive: number;
  myDoubles: number;
  myMissing: number;
}): number {
  const { swaps, theyCanGive, myDoubles, myMissing } = input;
  const potential = Math.min(myDoubles, myMissing);
  const ratio = swaps > 0 && potential > 0 ? swaps / potential : theyCanGive / Math.max(1, myMissing);
  return Math.min(100, Math.max(1, Math.round(ratio * 100)));
}
