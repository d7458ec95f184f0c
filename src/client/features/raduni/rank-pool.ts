import type { PoolEntry } from '../../../rpc/schemas/raduni.ts';

/** What my album says of a sticker now: 0 missing, 1 owned, 2 a double still free to give. */
export type StickerState = 0 | 1 | 2;

/** A pool's row as the phone shows it now: what is still useful between us, after my marks at the table. */
export type RankedEntry = PoolEntry;

/**
 * 'Chi qui ha le tue mancanti' (issue 46, row 4), re-ranked on the phone as I mark stickers at the table:
 * of what each attendee could give me, only what I still miss; of what I could give them, only my doubles
 * still free. The server's order again — the smaller of the two counts, then what they give me — and rows
 * with nothing left between us drop out. `myState` is what my album says of each sticker number now
 * (0 missing, 1 owned, 2 a free double); a number it does not know keeps what the pool said.
 */
export function rankPool(
  entries: readonly PoolEntry[],
  myState: ReadonlyMap<string, StickerState>,
): RankedEntry[] {
  const ranked: RankedEntry[] = [];
  for (const entry of entries) {
    const tiDa = entry.tiDa.filter((number) => (myState.get(number) ?? 0) === 0);
    const gliDai = entry.gliDai.filter((number) => (myState.get(number) ?? 2) === 2);
    // A list the server cut keeps its unseen part in the count.
    const tiDaCount = entry.tiDaCount - (entry.tiDa.length - tiDa.length);
    const gliDaiCount = entry.gliDaiCount - (entry.gliDai.length - gliDai.length);
    if (tiDaCount + gliDaiCount === 0) continue;
    ranked.push({ ...entry, tiDa, gliDai, tiDaCount, gliDaiCount });
  }
  return ranked.sort(
    (a, b) =>
      Math.min(b.tiDaCount, b.gliDaiCount) - Math.min(a.tiDaCount, a.gliDaiCount) ||
      b.tiDaCount - a.tiDaCount ||
      (a.attendee < b.attendee ? -1 : a.attendee > b.attendee ? 1 : 0),
  );
}
