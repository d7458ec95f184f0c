import type { EntityManager } from '@mikro-orm/postgresql';
import type { StickerKind } from '../../rpc/schemas/stickers.ts';
import { findAlbumOrFail } from '../albums/albums.ts';
import { Sticker } from '../db/entities/sticker.ts';

/** The stickers of an album in the printed album's order (as imported, or as the admin rearranged it). */
export async function albumStickers(em: EntityManager, albumId: number) {
  await findAlbumOrFail(em, albumId);
  const stickers = await em.find(Sticker, { album: albumId }, { orderBy: { position: 'asc', id: 'asc' } });
  return stickers.map(stickerAnswer);
}

/** A sticker as the list and the admin's edit answer it. */
export function stickerAnswer(sticker: Sticker) {
  return {
    id: sticker.id,
    number: sticker.number,
    name: sticker.name,
    team: sticker.team ?? null,
    description: sticker.description ?? null,
    kind: sticker.kind as StickerKind,
    section: sticker.section ?? null,
  };
}
