import type { EntityManager } from '@mikro-orm/postgresql';
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
