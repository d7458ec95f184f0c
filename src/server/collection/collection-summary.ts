import type { EntityManager } from '@mikro-orm/postgresql';

type CountedAlbum = { id: number; name: string; year: number; sticker_count: string };
type AlbumCounts = { owned: number; doubles: number };

/**
 * The album Home's counters are about: the one chosen for matches, else the one with stickers of mine
 * marked last, else the catalogue's first (a newcomer sees what they could start).
 */
async function countedAlbum(em: EntityManager, userId: number): Promise<CountedAlbum | undefined> {
  const [album] = await em.execute<CountedAlbum[]>(
    `select a.id, a.name, a.year, (select count(*) from sticker s where s.album_id = a.id) as sticker_count
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

/** How many stickers I have (doubles included) in each album I have started, in the catalogue's order. */
async function progressByAlbum(em: EntityManager, userId: number) {
  const rows = await em.execute<{ album_id: number; owned: number; doubles: number }[]>(
    `select c.album_id, c.owned_count as owned, c.double_count as doubles
       from collection c join album a on a.id = c.album_id
      where c.user_id = ? and c.owned_count > 0
      order by a.position, a.id`,
    [userId],
  );
  return rows;
}

/**
 * Home's counters, for one album named with them: Raccolte = its stickers I have (doubles included),
 * Doppie = those I have twice, Mancanti = the rest. Also my progress in every album I have started, for
 * the album list.
 */
export async function collectionSummary(em: EntityManager, userId: number) {
  const album = await countedAlbum(em, userId);
  const progress = await progressByAlbum(em, userId);
  const stickerCount = Number(album?.sticker_count ?? 0);
  const counts: AlbumCounts = progress.find((row) => row.album_id === album?.id) ?? { owned: 0, doubles: 0 };
  return {
    album: album ? { id: album.id, name: album.name, year: album.year, stickerCount } : null,
    raccolte: counts.owned,
    doppie: counts.doubles,
    mancanti: stickerCount - counts.owned,
    progress: progress.map((row) => ({ albumId: row.album_id, owned: row.owned })),
  };
}
