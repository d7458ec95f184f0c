/**
 * When any app server last searched an album from its match index (docs/decisions/042), in
 * `match_index_album_use`: a server that starts reads the albums searched lately, so that a restart in a
 * rolling deploy comes back with them in memory instead of sending their searches to SQL.
 */
import type pg from 'pg';

/** A server writes an album's use at most this often. */
export const ALBUM_USE_EVERY_MS = 60_000;

export async function recordAlbumUse(pool: pg.Pool, albumId: number) {
  await pool.query({
    name: 'match_index_album_use',
    text: `insert into match_index_album_use (album_id, searched_at) values ($1, now())
           on conflict (album_id) do update set searched_at = excluded.searched_at`,
    values: [albumId],
  });
}

/** The albums some server searched within the last `ms`, the most recent first. */
export async function albumsSearchedWithin(pool: pg.Pool, ms: number): Promise<number[]> {
  const { rows } = await pool.query<{ album_id: number }>(
    `select album_id from match_index_album_use
      where searched_at > now() - make_interval(secs => $1::float8 / 1000) order by searched_at desc`,
    [ms],
  );
  return rows.map((row) => row.album_id);
}
