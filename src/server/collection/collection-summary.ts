import type { EntityManager } from '@mikro-orm/postgresql';
import { countedStickersSql, extraStickersSql, ownedCountedSql } from './completion.ts';

type CountedAlbum = { id: number; name: string; year: number; sticker_count: string };
type AlbumCounts = { owned: number; doubles: number };

/**
 * The album Home's counters are about: the one chosen for matches, else the one with stickers of mine
 * marked last, else the catalogue's first (a newcomer sees what they could start). Its count leaves the
 * extras aside (completion.ts).
 */
async function countedAlbum(em: EntityManager, userId: number): Promise<CountedAlbum | undefined> {
  const [album] = await em.execute<CountedAlbum[]>(
    `select a.id, a.name, a.year, ${countedStickersSql('a.id')} as sticker_count
       from album a
      where a.id = coalesce(
              (select u.album_selezionato from app_user u where u.id = ?),
              (select c.album_id from collection c
                where c.user_id = ? and c.owned_count > 0 order by c.updated_at desc limit 1),
              (select first.id from album first order by first.position, first.id limit 1))`,
    [userId, userId],
  );
  return album;
}

/**
 * How many counted stickers I have (doubles included, extras aside) in each album I have started, in the
 * catalogue's order. Doubles count every double, extras too: they are still swapped.
 */
async function progressByAlbum(em: EntityManager, userId: number) {
  const rows = await em.execute<{ album_id: number; owned: string; doubles: number }[]>(
    `select c.album_id, ${ownedCountedSql('c')} as owned, c.double_count as doubles
       from collection c join album a on a.id = c.album_id
      where c.user_id = ? and c.owned_count > 0
      order by a.position, a.id`,
    [userId],
  );
  return rows.map((row) => ({ album_id: row.album_id, owned: Number(row.owned), doubles: row.doubles }));
}

/** The albums that have extras, with how many of their stickers count: the rest have all of them counted. */
async function albumsWithExtras(em: EntityManager) {
  const rows = await em.execute<{ album_id: number; counted: string }[]>(
    `select a.id as album_id, ${countedStickersSql('a.id')} as counted
       from album a where ${extraStickersSql('a.id')} > 0
      order by a.position, a.id`,
  );
  return rows.map((row) => ({ albumId: row.album_id, counted: Number(row.counted) }));
}

/**
 * Home's counters, for one album named with them: Raccolte = its counted stickers I have (doubles
 * included), Doppie = those I have twice, Mancanti = the counted ones I lack (extras are never missing,
 * issue 49). Also my progress in every album I have started, for the album list, and the counted size of
 * the albums whose list size includes extras.
 */
export async function collectionSummary(em: EntityManager, userId: number) {
  const album = await countedAlbum(em, userId);
  const progress = await progressByAlbum(em, userId);
  const withExtras = await albumsWithExtras(em);
  const stickerCount = Number(album?.sticker_count ?? 0);
  const counts: AlbumCounts = progress.find((row) => row.album_id === album?.id) ?? { owned: 0, doubles: 0 };
  return {
    album: album ? { id: album.id, name: album.name, year: album.year, stickerCount } : null,
    raccolte: counts.owned,
    doppie: counts.doubles,
    mancanti: stickerCount - counts.owned,
    progress: progress.map((row) => ({ albumId: row.album_id, owned: row.owned })),
    counted: withExtras,
  };
}
