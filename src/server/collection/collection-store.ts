import type { EntityManager } from '@mikro-orm/postgresql';
import type { StickerStatus } from '../../rpc/schemas/collection.ts';
import { hasBit, withBit } from './bitmap.ts';
import { statusBits } from './sticker-status.ts';

type Bitmaps = { owned: string; doubles: string };

/** One collector's bitmaps for one album, or undefined before their first mark. */
export async function readBitmaps(
  em: EntityManager,
  userId: number,
  albumId: number,
): Promise<Bitmaps | undefined> {
  const [row] = await em.execute<Bitmaps[]>(
    'select owned::text as owned, doubles::text as doubles from collection where user_id = ? and album_id = ?',
    [userId, albumId],
  );
  return row;
}

export function statusAt(bitmaps: Bitmaps | undefined, slot: number): StickerStatus {
  if (!bitmaps || !hasBit(bitmaps.owned, slot)) return 'no';
  return hasBit(bitmaps.doubles, slot) ? 'double' : 'yes';
}

/**
 * Sets the status of several stickers (by slot) in one collector's album. The row lock serialises
 * concurrent writes of the same collector, so two taps at once never lose one another; the album row
 * is share-locked so its bitmap length cannot change underneath.
 */
export async function writeStatuses(
  em: EntityManager,
  userId: number,
  albumId: number,
  changes: { slot: number; status: StickerStatus }[],
): Promise<void> {
  await em.transactional(async (tx) => {
    await tx.execute(
      `insert into collection (user_id, album_id, owned, doubles, latitude, longitude, active)
       select u.id, a.id, repeat('0', a.slot_capacity)::varbit, repeat('0', a.slot_capacity)::varbit,
              u.latitude, u.longitude, u.is_active
         from album a cross join app_user u where a.id = ? and u.id = ? for share of a
       on conflict (user_id, album_id) do nothing`,
      [albumId, userId],
    );
    const [row] = await tx.execute<Bitmaps[]>(
      `select owned::text as owned, doubles::text as doubles from collection
        where user_id = ? and album_id = ? for update`,
      [userId, albumId],
    );
    if (!row) return;
    let { owned, doubles } = row;
    for (const { slot, status } of changes) {
      const bits = statusBits(status);
      owned = withBit(owned, slot, bits.owned);
      doubles = withBit(doubles, slot, bits.double);
    }
    await tx.execute(
      'update collection set owned = ?::varbit, doubles = ?::varbit, updated_at = now() where user_id = ? and album_id = ?',
      [owned, doubles, userId, albumId],
    );
  });
}
