import type { EntityManager } from '@mikro-orm/postgresql';
import type { StickerStatus } from '../../rpc/schemas/collection.ts';
import { hasBit, withBit } from './bitmap.ts';
import { refreshReserved } from './reserved.ts';
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
 * How far back a tap's own time (`tappedAt`, the device's clock) is believed: an older one counts as
 * this many days before the server's now. A time after the server's now counts as now. (Decision 013.)
 */
export const TAP_TIME_PAST_MAX_DAYS = 30;

/**
 * Sets the status of several stickers (by slot) in one collector's album, each only where this tap is
 * the latest for that sticker: every (collector, sticker) keeps the time of its latest mark in
 * `sticker_mark`, and a tap older than it changes nothing (decision 013). `tappedAt` is the tap's time in
 * epoch milliseconds (bounded, see TAP_TIME_PAST_MAX_DAYS); without it the tap is made now. Returns the
 * slots written and the bitmaps as they are afterwards.
 *
 * The row lock serialises concurrent writes of the same collector, so two taps at once never lose one
 * another; the album row is share-locked so its bitmap length cannot change underneath.
 */
export async function writeStatuses(
  em: EntityManager,
  userId: number,
  albumId: number,
  changes: { slot: number; status: StickerStatus; spares?: number | undefined }[],
  tappedAt?: number,
): Promise<{ written: number[]; bitmaps: Bitmaps | undefined }> {
  return em.transactional(async (tx) => {
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
    if (!row) return { written: [], bitmaps: undefined };
    const written = await markLatest(tx, userId, albumId, changes, tappedAt);
    if (written.size === 0) return { written: [], bitmaps: row };
    let { owned, doubles } = row;
    const spares = new Map<number, number>();
    for (const { slot, status, spares: count } of changes) {
      if (!written.has(slot)) continue;
      const bits = statusBits(status);
      // A sticker that stops being a double, or becomes one, starts again from one spare.
      if (count !== undefined || bits.double !== hasBit(doubles, slot))
        spares.set(slot, bits.double ? (count ?? 1) : 1);
      owned = withBit(owned, slot, bits.owned);
      doubles = withBit(doubles, slot, bits.double);
    }
    await tx.execute(
      'update collection set owned = ?::varbit, doubles = ?::varbit, updated_at = now() where user_id = ? and album_id = ?',
      [owned, doubles, userId, albumId],
    );
    await writeSpares(tx, userId, albumId, spares);
    await refreshReserved(tx, userId, albumId);
    return { written: [...written], bitmaps: { owned, doubles } };
  });
}

/**
 * Sets how many spare copies of each double (by slot) a collector has: one is no row (docs/decisions/015).
 */
export async function writeSpares(
  tx: EntityManager,
  userId: number,
  albumId: number,
  spares: Map<number, number>,
) {
  if (spares.size === 0) return;
  const slots = [...spares.keys()].join(',');
  const counts = [...spares.values()].join(',');
  await tx.execute(
    `with wanted as (
       select s.id as sticker_id, w.spares
         from unnest(string_to_array(?, ',')::int[], string_to_array(?, ',')::int[]) as w(slot, spares)
         join sticker s on s.album_id = ? and s.slot = w.slot
     ),
     dropped as (
       delete from sticker_spare sp using wanted
        where sp.user_id = ? and sp.sticker_id = wanted.sticker_id and wanted.spares < 2
     )
     insert into sticker_spare (user_id, sticker_id, spares)
     select ?, sticker_id, spares from wanted where spares >= 2
     on conflict (user_id, sticker_id) do update set spares = excluded.spares`,
    [slots, counts, albumId, userId, userId],
  );
}

/** How many spares each double of a collector's album has, by slot (absent: one). */
export async function readSpares(em: EntityManager, userId: number, albumId: number) {
  const rows = await em.execute<{ slot: number; spares: number }[]>(
    `select s.slot, sp.spares from sticker_spare sp join sticker s on s.id = sp.sticker_id
      where sp.user_id = ? and s.album_id = ?`,
    [userId, albumId],
  );
  return new Map(rows.map((row) => [row.slot, Number(row.spares)]));
}

/**
 * One statement: records this tap's time as the latest mark of each sticker (by slot) unless a later mark
 * is already there, and returns the slots where it did. The time is the database's, so every app server
 * reads one clock; `statement_timestamp()` is taken after the caller's row lock, so taps without a time
 * of their own are ordered as they are written.
 */
export async function markLatest(
  tx: EntityManager,
  userId: number,
  albumId: number,
  changes: { slot: number }[],
  tappedAt: number | undefined,
): Promise<Set<number>> {
  const rows = await tx.execute<{ slot: number }[]>(
    `with won as (
       insert into sticker_mark (user_id, sticker_id, marked_at)
       select ?, s.id, least(greatest(coalesce(to_timestamp(?::float8 / 1000), statement_timestamp()),
                                      statement_timestamp() - make_interval(days => ?)),
                             statement_timestamp())
         from sticker s
        where s.album_id = ? and s.slot = any(string_to_array(?, ',')::int[])
       on conflict (user_id, sticker_id) do update set marked_at = excluded.marked_at
        where sticker_mark.marked_at <= excluded.marked_at
       returning sticker_id)
     select s.slot from won join sticker s on s.id = won.sticker_id`,
    [
      userId,
      tappedAt ?? null,
      TAP_TIME_PAST_MAX_DAYS,
      albumId,
      changes.map((change) => change.slot).join(','),
    ],
  );
  return new Set(rows.map((row) => row.slot));
}
