/**
 * What the match index reads from PostgreSQL (docs/decisions/018): an album whole, in one snapshot;
 * some collectors' rows again after their notification; the album's sticker numbers. The bitmaps come
 * as bytes (`varbit_send` less its 4-byte length), `gives` being `doubles & ~reserved`.
 */
import type pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import type { StickerKind } from '../../rpc/schemas/stickers.ts';
import { AlbumIndex, type IndexedCollection } from './album-index.ts';
import { readCopyBinaryRows } from './copy-binary-rows.ts';
import { type StickerNames, stickerNames } from './slot-numbers.ts';

const COLUMNS = `user_id, active, latitude, longitude,
  substring(varbit_send(owned) from 5) as owned, substring(varbit_send(doubles & ~reserved) from 5) as gives`;

type Row = {
  user_id: number;
  active: boolean;
  latitude: number;
  longitude: number;
  owned: Buffer;
  gives: Buffer;
};

const toCollection = (row: Row): IndexedCollection => ({
  userId: row.user_id,
  active: row.active,
  latitude: Number(row.latitude),
  longitude: Number(row.longitude),
  owned: row.owned,
  gives: row.gives,
});

export async function readStickerNames(
  client: pg.Pool | pg.PoolClient,
  albumId: number,
): Promise<StickerNames> {
  const { rows } = await client.query<{ slot: number; number: string; kind: StickerKind }>(
    'select slot, number, kind from sticker where album_id = $1',
    [albumId],
  );
  return stickerNames(rows);
}

/**
 * An album's collections and sticker numbers in one snapshot; undefined when it no longer exists. The
 * collections come by `COPY … (FORMAT binary)`: no text to make and parse for each of a million rows
 * (a 980-sticker album of 1,000,000 collectors: 8.5 s through a cursor of text rows, see decision 041).
 */
export async function readAlbum(
  pool: pg.Pool,
  albumId: number,
): Promise<{ index: AlbumIndex; names: StickerNames } | undefined> {
  if (!Number.isSafeInteger(albumId)) throw new Error(`album id ${albumId}`);
  const client = await pool.connect();
  let broken: Error | undefined;
  try {
    await client.query('begin isolation level repeatable read read only');
    const { rows } = await client.query<{ bytes: number; collections: number }>(
      `select (a.slot_capacity + 7) / 8 as bytes, (select count(*)::int from collection c where c.album_id = a.id) as collections
         from album a where a.id = $1`,
      [albumId],
    );
    const album = rows[0];
    if (!album) return undefined;
    const names = await readStickerNames(client, albumId);
    const index = new AlbumIndex(album.bytes, album.collections);
    // COPY takes no parameters: the id is an integer, checked above.
    const copy = client.query(
      copyTo(
        `copy (select ${COLUMNS} from collection where album_id = ${albumId}) to stdout (format binary)`,
      ),
    );
    await readCopyBinaryRows(copy, ([userId, active, latitude, longitude, owned, gives]) => {
      if (!userId || !active || !latitude || !longitude || !owned || !gives)
        throw new Error('collection row with a null');
      const put = index.put({
        userId: userId.readInt32BE(0),
        active: active[0] === 1,
        latitude: latitude.readDoubleBE(0),
        longitude: longitude.readDoubleBE(0),
        owned,
        gives,
      });
      if (!put) throw new Error('bitmap length changed');
    });
    index.compact();
    return { index, names };
  } catch (error) {
    // A copy left half-read leaves the connection mid-protocol: it is closed, not reused.
    broken = error as Error;
    throw error;
  } finally {
    if (!broken) await client.query('rollback').catch(() => undefined);
    client.release(broken);
  }
}

/** These collectors' rows in the album as they are now (a collector without one is not in the answer). */
export async function rereadCollections(
  pool: pg.Pool,
  albumId: number,
  users: number[],
): Promise<IndexedCollection[]> {
  const { rows } = await pool.query<Row>({
    name: 'match_index_reread',
    text: `select ${COLUMNS} from collection where album_id = $1 and user_id = any($2::int[])`,
    values: [albumId, users],
  });
  return rows.map(toCollection);
}
