import type { EntityManager } from '@mikro-orm/postgresql';
import { findAlbumOrFail } from '../albums/albums.ts';
import { Sticker } from '../db/entities/sticker.ts';
import { compareStickerNumbers } from './natural-order.ts';

/** The stickers of an album in natural number order. */
export async function albumStickers(em: EntityManager, albumId: number) {
  await findAlbumOrFail(em, albumId);
  const stickers = await em.find(Sticker, { album: albumId });
  return stickers
    .map((sticker) => ({
      id: sticker.id,
      number: sticker.number,
      name: sticker.name,
      team: sticker.team ?? null,
      description: sticker.description ?? null,
    }))
    .sort((a, b) => compareStickerNumbers(a.number, b.number));
}
