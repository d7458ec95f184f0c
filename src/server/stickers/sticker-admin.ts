import type { EntityManager } from '@mikro-orm/postgresql';
import type { StickerKind } from '../../rpc/schemas/stickers.ts';
import { findAlbumOrFail } from '../albums/albums.ts';
import { addStickers, type NewSticker } from '../albums/sticker-slots.ts';
import { Sticker } from '../db/entities/sticker.ts';
import { DomainError } from '../domain-error.ts';
import { stickerAnswer } from './album-stickers.ts';

export const STICKER_NOT_IN_ALBUM_MESSAGE = 'Figurina non trovata in questo album';

/**
 * The paste import, in one transaction: a number the album already has gets the new name (and team, kind
 * and section when given), a new number becomes a new sticker. Numbers compare case-insensitively; a
 * number repeated in the list counts once (its first line). Says what it did: which numbers it renamed,
 * from what to what, and how many kept their name but changed kind or section.
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
    let reclassified = 0;
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
      const kind = sticker.kind ?? current.kind;
      const section = sticker.section === undefined ? (current.section ?? null) : sticker.section;
      if (current.name !== sticker.name)
        renamed.push({ number: current.number, from: current.name, to: sticker.name });
      else if (kind !== current.kind || section !== (current.section ?? null)) reclassified += 1;
      else unchanged += 1;
      current.name = sticker.name;
      current.kind = kind;
      current.section = section;
      if (sticker.team !== undefined) current.team = sticker.team;
    }
    await tx.flush();
    await addStickers(tx, album, fresh);
    return {
      created: fresh.length,
      updated: renamed.length + reclassified + unchanged,
      total: existing.length + fresh.length,
      renamed,
      reclassified,
      unchanged,
    };
  });
}

async function findStickerOrFail(em: EntityManager, albumId: number, stickerId: number) {
  const sticker = await em.findOne(Sticker, { id: stickerId, album: albumId });
  if (!sticker) throw new DomainError('NOT_FOUND', STICKER_NOT_IN_ALBUM_MESSAGE);
  return sticker;
}

type StickerChanges = {
  name?: string | undefined;
  description?: string | undefined;
  kind?: StickerKind | undefined;
  section?: string | null | undefined;
};

export async function updateSticker(
  em: EntityManager,
  input: StickerChanges & { albumId: number; stickerId: number },
) {
  const sticker = await findStickerOrFail(em, input.albumId, input.stickerId);
  if (input.name !== undefined) sticker.name = input.name;
  if (input.description !== undefined) sticker.description = input.description;
  if (input.kind !== undefined) sticker.kind = input.kind;
  if (input.section !== undefined) sticker.section = input.section;
  await em.flush();
  return stickerAnswer(sticker);
}

/**
 * The admin's 'Tipo' or 'Sezione' for several stickers of one album, in one statement: every id must be
 * a sticker of that album, else nothing changes and the answer is the one an unknown sticker gets.
 */
export async function classifyStickers(
  em: EntityManager,
  input: {
    albumId: number;
    stickerIds: number[];
    kind?: StickerKind | undefined;
    section?: string | null | undefined;
  },
) {
  return em.transactional(async (tx) => {
    await findAlbumOrFail(tx, input.albumId);
    const ids = [...new Set(input.stickerIds)];
    const rows = await tx.execute<{ id: number }[]>(
      `update sticker set kind = coalesce(?, kind), section = case when ? then ? else section end
        where album_id = ? and id = any(string_to_array(?, ',')::int[]) returning id`,
      [input.kind ?? null, input.section !== undefined, input.section ?? null, input.albumId, ids.join(',')],
    );
    if (rows.length !== ids.length) throw new DomainError('NOT_FOUND', STICKER_NOT_IN_ALBUM_MESSAGE);
    return { updated: rows.length };
  });
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
