import type { EntityManager } from '@mikro-orm/postgresql';

/**
 * Recomputes one collector's `reserved` bitmap in one album: bit `slot` set when accepted swaps in which
 * they give that sticker hold all of its spares (docs/decisions/015). The match search gives only
 * `doubles & ~reserved`. Call it in the transaction that changed reservations, spares or statuses, with
 * the collection row locked. The rule is the SQL function `reserved_bitmap`, which a tap also uses
 * (src/server/collection/sql/reserved-bitmap.sql); the row is written only when the bitmap changes.
 */
export async function refreshReserved(tx: EntityManager, userId: number, albumId: number) {
  await tx.execute(
    `with wanted as (
       select c.user_id, c.album_id, reserved_bitmap(c.user_id, c.album_id, c.reserved, length(c.owned)) as bits
         from collection c where c.user_id = ? and c.album_id = ?)
     update collection c set reserved = wanted.bits from wanted
      where c.user_id = wanted.user_id and c.album_id = wanted.album_id and c.reserved is distinct from wanted.bits`,
    [userId, albumId],
  );
}
