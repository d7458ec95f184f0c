import { completionPercent } from '../../shared/completion/counted-stickers.ts';
import { type StickerRecord, statusById } from './sticker-records.ts';
import type { StickerStatus } from './sticker-status.ts';

/** How far along an album I am: stickers I have (doubles included) of its total, in whole percent. */
export type AlbumProgress = { owned: number; total: number; percent: number };

export const progressOf = (owned: number, total: number): AlbumProgress => ({
  owned,
  total,
  percent: completionPercent(owned, total),
});

type Known<T> = { value: T; updatedAt: number };

/**
 * How many stickers of one album I have, from what the device knows: the server's count (the summary)
 * or, when it is newer or taps are still waiting, the album's records with my waiting taps over them —
 * the same figure the opened album shows, so going back to the list never shows an older one. Extras
 * aside, both ways.
 * Undefined while neither is known.
 */
export function ownedInAlbum({
  counted,
  records,
  pending,
  extras = new Set(),
}: {
  counted: Known<number> | undefined;
  records: Known<readonly StickerRecord[]> | undefined;
  pending: ReadonlyMap<number, StickerStatus>;
  /** The album's extras, left out as the server leaves them out (issue 49). */
  extras?: ReadonlySet<number>;
}): number | undefined {
  const recordsAreNewer = counted === undefined || (records && records.updatedAt >= counted.updatedAt);
  if (!records || (pending.size === 0 && !recordsAreNewer)) return counted?.value;
  const statuses = statusById(records.value);
  for (const [stickerId, status] of pending) statuses.set(stickerId, status);
  let owned = 0;
  for (const [stickerId, status] of statuses) if (status !== 'no' && !extras.has(stickerId)) owned += 1;
  return owned;
}
