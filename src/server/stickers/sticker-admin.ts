import type { EntityManager } from '@mikro-orm/postgresql';
import { findAlbumOrFail } from '../albums/albums.ts';
import { addStickers, type NewSticker } from '../albums/sticker-slots.ts';
import { Sticker } from '../db/entities/sticker.ts';
import { DomainError } from '../domain-error.ts';
import { stickerAnswer } from './album-stickers.ts';

export const STICKER_NOT_IN_ALBUM_MESSAGE = 'Figurina non trovata in questo album';

/**
 * The paste import, in one transaction: a number the album already has gets the new name (and team when
 * given), a new number becomes a new sticker. Numbers compare case-insensitively; a number repeated in
 * the list counts once (its first line). Says what it did: which numbers it renamed, from what to what.
 */
export async function importStickers(em: EntityManager, albumId: number, stickers: NewSticker[]) {
  return em.transactional(async (tx) => {
    // Two imports into one album at once would both see a number as new: the second waits here.
    await tx.execute('select 1 from album where id = ? for update', [albumId]);
    const album = await findAlbumOrFail(tx, albumId);
    const existing = await tx.find(Sticker, { album: albumId });
    const byNumber = new Map(existing.map((sticker) => [sticker.number.toUpperCase(), sticker]));
    const seen = new Set<string>();
    const fresh: NewSticker[] = [];
    const renamed: { number: string; from: string; to: string }[] = [];
    let unchanged = 0;
    for (const sticker of stickers) {
      const key = sticker.number.toUpperCase();
      if (seen.has(key)) continue;
      seen.add(key);
      const current = byNumber.get(key);
      if (!current) {
        fresh.push(sticker);
        continue;
      }
      if (current.name === sticker.name) unchanged += 1;
      else renamed.push({ number: current.number, from: current.name, to: sticker.name });
      current.name = sticker.name;
      if (sticker.team !== undefined) current.team = sticker.team;
    }
    await tx.flush();
    await addStickers(tx, album, fresh);
    return {
      created: fresh.length,
      updated: renamed.length + unchanged,
      total: existing.length + fresh.length,
      renamed,
      unchanged,
    };
  });
}

async function findStickerOrFail(em: EntityManager, albumId: number, stickerId: number) {
  const sticker = await em.findOne(Sticker, { id: stickerId, album: albumId });
  if (!sticker) throw new DomainError('NOT_FOUND', STICKER_NOT_IN_ALBUM_MESSAGE);
  return sticker;
}

export async function updateSticker(
  em: EntityManager,
  input: { albumId: number; stickerId: number; name?: string | undefined; description?: string | undefined },
) {
  const sticker = await findStickerOrFail(em, input.albumId, input.stickerId);
  if (input.name !== undefined) sticker.name = input.name;
  if (input.description !== undefined) sticker.description = input.description;
  await em.flush();
  return stickerAnswer(sticker);
}

/** The sticker goes, and so does its bit in every collection of the album (its slot is never reused). */
export async function deleteSticker(em: EntityManager, albumId: number, stickerId: number) {
  await em.transactional(async (tx) => {
    const sticker = await findStickerOrFail(tx, albumId, stickerId);
    await tx.execute(
      `update collection set owned = set_bit(owned, ?, 0), doubles = set_bit(doubles, ?, 0)
        where album_id = ? and get_bit(owned, ?) = 1`,
      [sticker.slot, sticker.slot, albumId, sticker.slot],
    );
    await tx.remove(sticker).flush();
  });
  return { ok: true } as const;
}

/** Empties the album: no stickers, no marks; the bitmaps start again from slot 0. */
export async function clearStickers(em: EntityManager, albumId: number) {
  const removed = await em.transactional(async (tx) => {
    await tx.execute('select 1 from album where id = ? for update', [albumId]);
    const album = await findAlbumOrFail(tx, albumId);
    await tx.execute('delete from collection where album_id = ?', [albumId]);
    const count = await tx.nativeDelete(Sticker, { album: albumId });
    album.nextSlot = 0;
    album.slotCapacity = 0;
    await tx.flush();
    return count;
  });
  return { removed };
}
