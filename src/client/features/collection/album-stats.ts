import type { StickerKind } from '../../../rpc/schemas/stickers.ts';
import { type Completion, completionOf } from '../../shared/completion/counted-stickers.ts';
import type { StickerStatus } from './sticker-status.ts';

export type AlbumStats = {
  total: number;
  owned: number;
  missing: number;
  doubles: number;
  completion: number;
  /** The spare copies of all my doubles (a double has one or more); absent when unknown. */
  spareCopies?: number;
  /** The extras, outside the album's completion (issue 49). */
  extras: Completion['extras'];
};

/**
 * Spec §4, with issue 49's rule (shared/completion): owned = yes or double, missing = total − owned,
 * completion = owned/total rounded to a whole percent (0 for an album without stickers), all over the
 * counted stickers, extras aside; the extras have their own count. Doubles = every double, extras too
 * (they are swapped all the same).
 */
export function albumStats<S extends { id: number; kind?: StickerKind | undefined }>(
  stickers: readonly S[],
  statusOf: (stickerId: number) => StickerStatus,
): AlbumStats {
  const counted = completionOf(stickers, (stickerId) => statusOf(stickerId) !== 'no');
  let doubles = 0;
  for (const sticker of stickers) if (statusOf(sticker.id) === 'double') doubles += 1;
  return {
    total: counted.total,
    owned: counted.owned,
    missing: counted.missing,
    doubles,
    completion: counted.percent,
    extras: counted.extras,
  };
}

/** 'Doppie' in the statistics: `8 (6 numeri)` when some doubles have more than one spare, else `6`. */
export function doublesFigure({ doubles, spareCopies }: Pick<AlbumStats, 'doubles' | 'spareCopies'>): string {
  if (spareCopies === undefined || spareCopies <= doubles) return String(doubles);
  return `${spareCopies} (${doubles === 1 ? '1 numero' : `${doubles} numeri`})`;
}
