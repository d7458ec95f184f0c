import type { EntityManager } from '@mikro-orm/postgresql';
import { compareStickerNumbers } from '../stickers/natural-order.ts';

/**
 * An album's sticker numbers in natural order, and each slot's place in that order: to turn the slots of
 * a collection bitmap back into the numbers a collector reads (slots are handed out in albums/sticker-slots.ts).
 */
export type StickerNames = { inOrder: string[]; placeOf: Map<number, number> };

export function stickerNames(stickers: { slot: number; number: string }[]): StickerNames {
  const sorted = [...stickers].sort((a, b) => compareStickerNumbers(a.number, b.number));
  return {
    inOrder: sorted.map((sticker) => sticker.number),
    placeOf: new Map(sorted.map((sticker, place) => [sticker.slot, place])),
  };
}

/** The numbers of these slots in natural order (slots of no sticker left out), the first `max` of them. */
export function nameSlots(names: StickerNames, slots: number[], max = Number.POSITIVE_INFINITY): string[] {
  return slots
    .map((slot) => names.placeOf.get(slot) ?? -1)
    .filter((place) => place >= 0)
    .sort((a, b) => a - b)
    .slice(0, max)
    .map((place) => names.inOrder[place] as string);
}

/** An album's sticker names, to turn bitmaps back into numbers. */
export async function albumStickerNames(em: EntityManager, albumId: number): Promise<StickerNames> {
  const rows = await em.execute<{ slot: number; number: string }[]>(
    'select slot, number from sticker where album_id = ?',
    [albumId],
  );
  return stickerNames(rows);
}
