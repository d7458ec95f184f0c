import type { EntityManager } from '@mikro-orm/postgresql';
import { findAlbumOrFail } from '../albums/albums.ts';
import { DomainError } from '../domain-error.ts';

export const STICKER_ORDER_MISMATCH_MESSAGE =
  "L'elenco non corrisponde alle figurine dell'album: ricarica la pagina e riprova";

/**
 * Saves the admin's order of an album's stickers; the list must name each of them exactly once. Only
 * `position` changes: a sticker keeps its slot, so every collector's marks stay on it (decision 004).
 */
export async function reorderStickers(em: EntityManager, albumId: number, ids: number[]) {
  await em.transactional(async (tx) => {
    // The album row first, as imports take it: an import and a reorder never cross.
    await tx.execute('select 1 from album where id = ? for update', [albumId]);
    await findAlbumOrFail(tx, albumId);
    const rows = await tx.execute<{ id: number }[]>('select id from sticker where album_id = ?', [albumId]);
    const existing = new Set(rows.map((row) => row.id));
    const given = new Set(ids);
    if (given.size !== ids.length || given.size !== existing.size || ids.some((id) => !existing.has(id))) {
      throw new DomainError('CONFLICT', STICKER_ORDER_MISMATCH_MESSAGE);
    }
    if (ids.length === 0) return;
    await tx.execute(
      `update sticker set position = o.position - 1
         from unnest(string_to_array(?, ',')::int[]) with ordinality as o(id, position)
        where sticker.id = o.id and sticker.album_id = ?`,
      [ids.join(','), albumId],
    );
  });
  return { ok: true } as const;
}
