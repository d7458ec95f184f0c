import type { StickerStatus } from './sticker-status.ts';

export type AlbumStats = {
  total: number;
  owned: number;
  missing: number;
  doubles: number;
  completion: number;
  /** The spare copies of all my doubles (a double has one or more); absent when unknown. */
  spareCopies?: number;
};

/**
 * Spec §4: owned = yes or double, missing = total − owned, doubles = double, completion = owned/total
 * rounded to a whole percent (0 for an album without stickers).
 */
export function albumStats(statuses: Iterable<StickerStatus>): AlbumStats {
  let total = 0;
  let owned = 0;
  let doubles = 0;
  for (const status of statuses) {
    total += 1;
    if (status !== 'no') owned += 1;
    if (status === 'double') doubles += 1;
  }
  return { total, owned, missing: total - owned, doubles, completion: completionPercent(owned, total) };
}

/** Owned of total as a whole percent; 0 for an album without stickers. */
export function completionPercent(owned: number, total: number): number {
  return total === 0 ? 0 : Math.round((owned / total) * 100);
}

/** 'Doppie' in the statistics: `8 (6 numeri)` when some doubles have more than one spare, else `6`. */
export function doublesFigure({ doubles, spareCopies }: Pick<AlbumStats, 'doubles' | 'spareCopies'>): string {
  if (spareCopies === undefined || spareCopies <= doubles) return String(doubles);
  return `${spareCopies} (${doubles === 1 ? '1 numero' : `${doubles} numeri`})`;
}
