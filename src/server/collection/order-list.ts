import type { EntityManager } from '@mikro-orm/postgresql';
import { findAlbumOrFail } from '../albums/albums.ts';
import { countedStickerSql } from './completion.ts';

type MissingRow = { number: string; section: string | null };
type Section = { section: string | null; numbers: string[] };

/** The numbers in the album's order, each section once, where its first sticker comes; null: no section. */
function bySection(rows: readonly MissingRow[]): Section[] {
  const sections = new Map<string | null, string[]>();
  for (const row of rows) {
    const numbers = sections.get(row.section) ?? [];
    if (numbers.length === 0) sections.set(row.section, numbers);
    numbers.push(row.number);
  }
  return [...sections].map(([section, numbers]) => ({ section, numbers }));
}

/**
 * 'Ordina le ultime' (issue 49, row 4): the counted stickers of an album I miss (extras aside), in the
 * printed album's order (Panini's), listed only when they are at most the album's order limit (the
 * admin's setting, not Panini's: theirs is not published for Italy). Above it, the list is empty and
 * `overLimitBy` says how many to swap first. The estimate only when the admin entered a price.
 */
export async function orderList(em: EntityManager, userId: number, albumId: number) {
  const album = await findAlbumOrFail(em, albumId);
  const rows = await em.execute<MissingRow[]>(
    `select s.number, s.section
       from sticker s left join collection c on c.user_id = ? and c.album_id = s.album_id
      where s.album_id = ? and ${countedStickerSql('s')} and (c.owned is null or get_bit(c.owned, s.slot) = 0)
      order by s.position, s.id`,
    [userId, albumId],
  );
  const missing = rows.length;
  const within = missing <= album.orderLimit;
  const priceCents = album.orderPriceCents ?? null;
  return {
    limit: album.orderLimit,
    missing,
    overLimitBy: Math.max(0, missing - album.orderLimit),
    numbers: within ? rows.map((row) => row.number) : [],
    sections: within ? bySection(rows) : [],
    priceCents,
    estimatedCostCents: priceCents === null ? null : priceCents * missing,
  };
}
