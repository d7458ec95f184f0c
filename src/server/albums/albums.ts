import type { EntityManager } from '@mikro-orm/postgresql';
import { Album } from '../db/entities/album.ts';
import { DomainError } from '../domain-error.ts';

export const ALBUM_NOT_FOUND_MESSAGE = 'Album non trovato';

type AlbumRow = {
  id: number;
  name: string;
  year: number;
  sticker_count: string;
  special_count: string;
  order_limit: number;
  order_price_cents: number | null;
};

/**
 * Every album in the admin's order, with how many stickers it has (and how many are speciale: Match
 * offers its like-for-like switch only where there are some) and its order settings.
 */
export async function listAlbums(em: EntityManager) {
  const rows = await em.execute<AlbumRow[]>(
    `select a.id, a.name, a.year, a.order_limit, a.order_price_cents,
            (select count(*) from sticker s where s.album_id = a.id) as sticker_count,
            (select count(*) from sticker s where s.album_id = a.id and s.kind = 'speciale') as special_count
       from album a order by a.position, a.id`,
  );
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    stickerCount: Number(row.sticker_count),
    specialCount: Number(row.special_count),
    year: row.year,
    orderLimit: row.order_limit,
    orderPriceCents: row.order_price_cents,
  }));
}

export async function findAlbumOrFail(em: EntityManager, albumId: number): Promise<Album> {
  const album = await em.findOne(Album, albumId);
  if (!album) throw new DomainError('NOT_FOUND', ALBUM_NOT_FOUND_MESSAGE);
  return album;
}
