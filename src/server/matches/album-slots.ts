import type { EntityManager } from '@mikro-orm/postgresql';
import { hasBit } from '../collection/bitmap.ts';
import { compareStickerNumbers } from '../stickers/natural-order.ts';

/** An album's stickers as (slot, number) in natural number order, to turn bitmaps back into numbers. */
export async function albumSlots(em: EntityManager, albumId: number) {
  const rows = await em.execute<{ slot: number; number: string }[]>(
    'select slot, number from sticker where album_id = ?',
    [albumId],
  );
  return rows.sort((a, b) => compareStickerNumbers(a.number, b.number));
}

export type AlbumSlots = Awaited<ReturnType<typeof albumSlots>>;

/** The numbers whose bits are set, in natural order. */
export function numbersIn(bits: string, slots: AlbumSlots): string[] {
  return slots.filter((sticker) => hasBit(bits, sticker.slot)).map((sticker) => sticker.number);
}
