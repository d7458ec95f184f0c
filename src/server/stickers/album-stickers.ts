import type { EntityManager } from '@mikro-orm/postgresql';
import { findAlbumOrFail } from '../albums/albums.ts';
import { Sticker } from '../db/entities/sticker.ts';

/** The stickers of an album in the printed album's order (as imported, or as the admin rearranged it). */
export async function albumStickers(em: EntityManager, albumId: number) {
  await findAlbumOrFail(em, albumId);
  const stickers = await em.find(Sticker, { album: albumId }, { orderBy: { position: 'asc', id: 'asc' } });
  return stickers.map((sticker) => ({
    id: sticker.id,
    number: sticker.number,
    name: sticker.name,
    team: sticker.team ?? null,
    description: sticker.description ?? null,
  }));
}
