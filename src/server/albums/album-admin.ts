import type { EntityManager } from '@mikro-orm/postgresql';
import { Album } from '../db/entities/album.ts';
import { DomainError } from '../domain-error.ts';
import { findAlbumOrFail } from './albums.ts';
import { addStickers } from './sticker-slots.ts';

export const REORDER_MISMATCH_MESSAGE =
  "L'elenco non corrisponde agli album esistenti: ricarica la pagina e riprova";

/** A new album at the end of the list: empty, waiting for its import, or with stickers numbered 1…stickerCount. */
export async function createAlbum(
  em: EntityManager,
  input: {
    name: string;
    year: number;
    stickerCount: number;
    orderLimit: number;
    orderPriceCents: number | null;
  },
) {
  return em.transactional(async (tx) => {
    const [last] = await tx.execute<{ position: number | null }[]>(
      'select max(position) as position from album',
    );
    const album = tx.create(Album, {
      name: input.name,
      year: input.year,
      position: (last?.position ?? -1) + 1,
      orderLimit: input.orderLimit,
      orderPriceCents: input.orderPriceCents,
    });
    await tx.flush();
    const stickers = Array.from({ length: input.stickerCount }, (_, i) => ({
      number: String(i + 1),
      name: '',
    }));
    await addStickers(tx, album, stickers);
    return { ...albumAnswer(album), stickerCount: input.stickerCount, specialCount: 0 };
  });
}

const albumAnswer = (album: Album) => ({
  id: album.id,
  name: album.name,
  year: album.year,
  orderLimit: album.orderLimit,
  orderPriceCents: album.orderPriceCents ?? null,
});

/** Renames an album or changes its order settings; a field left out stays as it is. */
export async function updateAlbum(
  em: EntityManager,
  input: {
    id: number;
    name?: string | undefined;
    orderLimit?: number | undefined;
    orderPriceCents?: number | null | undefined;
  },
) {
  const album = await findAlbumOrFail(em, input.id);
  if (input.name !== undefined) album.name = input.name;
  if (input.orderLimit !== undefined) album.orderLimit = input.orderLimit;
  if (input.orderPriceCents !== undefined) album.orderPriceCents = input.orderPriceCents;
  await em.flush();
  return albumAnswer(album);
}

/**
 * One statement, so one transaction: its stickers and every collector's marks go with it (foreign keys
 * cascade) and collectors who had chosen it for matches have no album chosen any more.
 */
export async function deleteAlbum(em: EntityManager, id: number) {
  const deleted = await em.nativeDelete(Album, { id });
  if (deleted === 0) await findAlbumOrFail(em, id);
  return { ok: true } as const;
}

/** Saves the admin's order; the list must name every album exactly once. */
export async function reorderAlbums(em: EntityManager, ids: number[]) {
  await em.transactional(async (tx) => {
    const rows = await tx.execute<{ id: number }[]>('select id from album order by id for update');
    const existing = new Set(rows.map((row) => row.id));
    const given = new Set(ids);
    if (given.size !== ids.length || given.size !== existing.size || ids.some((id) => !existing.has(id))) {
      throw new DomainError('CONFLICT', REORDER_MISMATCH_MESSAGE);
    }
    if (ids.length === 0) return;
    await tx.execute(
      `update album set position = o.position
         from unnest(string_to_array(?, ',')::int[]) with ordinality as o(id, position) where album.id = o.id`,
      [ids.join(',')],
    );
  });
  return { ok: true } as const;
}
