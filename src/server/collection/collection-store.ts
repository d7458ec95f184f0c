import type { EntityManager } from '@mikro-orm/postgresql';
import type { StickerStatus } from '../../rpc/schemas/collection.ts';
import { hasBit } from './bitmap.ts';

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
 * How far back a tap's own time (`tappedAt`, the device's clock) is believed: an older one counts as
 * this many days before the server's now. A time after the server's now counts as now. (Decision 013.)
 */
export const TAP_TIME_PAST_MAX_DAYS = 30;

export type Mark = { stickerId: number; status: StickerStatus; spares?: number | undefined };

/** What `mark_stickers` answers for one mark: `status` null when the sticker does not exist. */
export type MarkOutcome = {
  stickerId: number;
  status: StickerStatus | null;
  spares: number | null;
  /** False when a later mark of the sticker won (decision 013), or no such sticker. */
  written: boolean;
  /** The mark's album, when it was written while the collector has no album chosen for matches. */
  albumToSelect: number | null;
};

/**
 * Marks several stickers of one collector in one statement (`mark_stickers`, the rule every mark follows:
 * docs/decisions/023), in the caller's transaction if there is one. `tappedAt` is the marks' time in epoch
 * milliseconds (bounded, see TAP_TIME_PAST_MAX_DAYS); without it they are made now. A double without
 * `spares` keeps the spares it has; a sticker becoming one has one. Answers each mark in order.
 */
export async function markStickers(
  em: EntityManager,
  userId: number,
  marks: readonly Mark[],
  tappedAt?: number,
): Promise<MarkOutcome[]> {
  if (marks.length === 0) return [];
  const rows = await em.execute<
    {
      status: StickerStatus | null;
      spares: number | null;
      written: boolean | null;
      album_to_select: number | null;
    }[]
  >(
    // Arrays travel as text: the driver would expand a JavaScript array into a list of parameters.
    `select status, spares, written, album_to_select
       from mark_stickers(?, string_to_array(?, ',')::int[], string_to_array(?, ','),
                          string_to_array(?, ',', '')::int[], ?::float8, ?::int)
      order by mark`,
    [
      userId,
      marks.map((mark) => mark.stickerId).join(','),
      marks.map((mark) => mark.status).join(','),
      marks.map((mark) => mark.spares ?? '').join(','),
      tappedAt ?? null,
      TAP_TIME_PAST_MAX_DAYS,
    ],
  );
  return rows.map((row, index) => ({
    stickerId: marks[index]?.stickerId as number,
    status: row.status,
    spares: row.spares,
    written: row.written === true,
    albumToSelect: row.album_to_select,
  }));
}
