/**
 * 'Mostra altri' on Match (issue 48, row 2): the next page of candidates starts right after the last one
 * shown, by its place in the ranking — its 1:1 swaps, what it can give me and its id, the numbers its card
 * already shows. The server finds its distance from me again, so no answer carries an exact distance.
 * Without zod, so the screen takes it too.
 */
export type MatchCursor = { swaps: number; theyGive: number; userId: number };

export const MATCH_CURSOR_PATTERN = /^(\d{1,6})\.(\d{1,6})\.(\d{1,10})$/;

/** The cursor after a card: `swaps.theyGive.userId`. */
export const matchCursorAfter = (candidate: { swapCount: number; theyCanGive: number; id: number }) =>
  `${candidate.swapCount}.${candidate.theyCanGive}.${candidate.id}`;

/** A cursor's parts; the pattern above has been checked. */
export function readMatchCursor(cursor: string): MatchCursor {
  const [, swaps, theyGive, userId] = MATCH_CURSOR_PATTERN.exec(cursor) ?? [];
  return { swaps: Number(swaps), theyGive: Number(theyGive), userId: Number(userId) };
}
