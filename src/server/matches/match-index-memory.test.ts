import type { MikroORM } from '@mikro-orm/postgresql';
import pg from 'pg';
import { afterAll, beforeAll, expect, inject, onTestFinished, test } from 'vitest';
import { createAlbum, type TestAlbum } from '../../../test/support/catalogue.ts';
import { seedCollector } from '../../../test/support/collectors.ts';
import { createTestDatabase } from '../../../test/support/database.ts';
import type { User } from '../db/entities/user.ts';
import { openDatabase } from '../db/orm.ts';
import { type IndexEvent, type MatchIndex, startMatchIndex } from './match-index.ts';

// Which albums the match index holds (docs/decisions/038): an album is read at its first search, leaves
// memory when nobody searches it, and after a lost connection only the albums that were in memory are
// read again, one at a time.

let orm: MikroORM;
let databaseUrl: string;
let db: pg.Pool;
const albums: TestAlbum[] = [];
const collectors: User[] = [];
const warnings: string[] = [];

beforeAll(async () => {
  databaseUrl = await createTestDatabase(inject('clusterUrl'));
  db = new pg.Pool({ connectionString: databaseUrl, max: 2 });
  orm = await openDatabase(databaseUrl);
  for (let a = 0; a < 3; a++) albums.push(await createAlbum(databaseUrl, { stickers: 20 }));
  for (let i = 0; i < 6; i++) {
    const user = await seedCollector(orm.em.fork(), { nickname: `M${i}`, cap: i % 2 ? '20121' : '20900' });
    for (const album of albums)
      await seedCollector(orm.em.fork(), {
        nickname: `M${i}A${album.id}`,
        cap: '20122',
        albumId: album.id,
        marks: Array.from({ length: 20 }, (_, slot) => ({
          slot,
          status: (slot + i) % 3 === 0 ? 'double' : (slot + i) % 3 === 1 ? 'yes' : 'no',
        })),
      });
    collectors.push(user);
  }
});

afterAll(async () => {
  await orm?.close();
  await db?.end();
  expect(warnings).toEqual([]);
});

function startIndex(options: Parameters<typeof startMatchIndex>[2] = {}) {
  const index = startMatchIndex(databaseUrl, (warning) => warnings.push(warning), options);
  onTestFinished(() => index.close());
  return index;
}

const search = (index: MatchIndex, album: TestAlbum, me = collectors[0] as User) =>
  index.search(album.id, {
    userId: me.id,
    latitude: Number(me.latitude),
    longitude: Number(me.longitude),
    radiusKm: 50,
    limit: 50,
  });

const eventsOf = (index: MatchIndex, from = 0) =>
  index
    .history()
    .slice(from)
    .map(({ albumId, event }) => `${event} ${albumId}`);

test('nothing is read at start; a first search is answered by SQL, then its album alone is read', async () => {
  const index = startIndex();
  const [first, second] = albums as [TestAlbum, TestAlbum];
  expect(await search(index, first), 'the first search: SQL answers').toBeUndefined();
  await index.loaded(first.id);
  const answer = await search(index, first);
  expect(answer?.candidates.length).toBeGreaterThan(0);
  expect(eventsOf(index)).toEqual([`reading ${first.id}`, `loaded ${first.id}`]);
  expect(index.stats()).toMatchObject({ albums: 1, collections: 6 });
  // The second album's first search is SQL's too, and reads it.
  expect(await search(index, second)).toBeUndefined();
  await index.loaded(second.id);
  expect(await search(index, second)).toBeDefined();
  expect(index.stats()).toMatchObject({ albums: 2, collections: 12 });
});

test('an album nobody searches leaves memory after the idle time; its next search reads it again', async () => {
  const index = startIndex({ idleMs: 300 });
  const [album] = albums as [TestAlbum];
  const dropped = index.dropped(album.id);
  expect(await search(index, album)).toBeUndefined();
  await index.loaded(album.id);
  expect(await dropped).toBe('idle');
  expect(index.stats()).toMatchObject({ albums: 0, collections: 0 });
  expect(eventsOf(index)).toEqual([`reading ${album.id}`, `loaded ${album.id}`, `dropped ${album.id}`]);
  expect(await search(index, album), 'SQL answers again').toBeUndefined();
  await index.loaded(album.id);
  expect(eventsOf(index, 3)).toEqual([`reading ${album.id}`, `loaded ${album.id}`]);
});

test('after a lost connection only the albums in memory are read again, one at a time', async () => {
  const index = startIndex({ rereadJitterMs: 100 });
  const [first, second, never] = albums as [TestAlbum, TestAlbum, TestAlbum];
  for (const album of [first, second]) {
    await search(index, album);
    await index.loaded(album.id);
  }
  const before = index.history().length;
  const dropped = [index.dropped(first.id), index.dropped(second.id)];
  const { rows } = await db.query<{ ended: boolean }>(
    `select pg_terminate_backend(pid) as ended from pg_stat_activity
      where datname = current_database() and application_name like '%/index-listen'`,
  );
  expect(rows).toEqual([{ ended: true }]);
  expect(await Promise.all(dropped)).toEqual(['connection', 'connection']);
  await Promise.all([index.loaded(first.id), index.loaded(second.id)]);
  const events: IndexEvent[] = index.history().slice(before);
  const reads = events.filter(({ event }) => event !== 'dropped');
  // Each read ends before the next begins, and the third album, never searched here, is not read.
  expect(reads.map(({ event }) => event)).toEqual(['reading', 'loaded', 'reading', 'loaded']);
  expect(reads[0]?.albumId).toBe(reads[1]?.albumId);
  expect(reads[2]?.albumId).toBe(reads[3]?.albumId);
  expect(new Set(reads.map(({ albumId }) => albumId))).toEqual(new Set([first.id, second.id]));
  expect(events.some(({ albumId }) => albumId === never.id)).toBe(false);
  expect(await search(index, first)).toBeDefined();
});

test('a warm start reads the albums searched lately on any server, the most recent first, then says it is warm', async () => {
  const [first, second, old] = albums as [TestAlbum, TestAlbum, TestAlbum];
  const cold = startIndex();
  expect(cold.warm(), 'without warmStart: warm at once, nothing read').toBe(true);
  // Searched on another server: one a minute ago, one just now, one before the idle time.
  await db.query(
    `insert into match_index_album_use (album_id, searched_at) values ($1, now() - interval '1 minute'),
       ($2, now()), ($3, now() - interval '2 hours')
     on conflict (album_id) do update set searched_at = excluded.searched_at`,
    [first.id, second.id, old.id],
  );
  const index = startIndex({ warmStart: true, idleMs: 60 * 60_000 });
  expect(index.warm()).toBe(false);
  await Promise.all([index.loaded(first.id), index.loaded(second.id)]);
  const deadline = Date.now() + 5_000;
  while (!index.warm() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 10));
  expect(index.warm()).toBe(true);
  expect(eventsOf(index)).toEqual([
    `reading ${second.id}`,
    `loaded ${second.id}`,
    `reading ${first.id}`,
    `loaded ${first.id}`,
  ]);
  expect(await search(index, second), 'from memory at its first search here').toBeDefined();
  expect(eventsOf(cold)).toEqual([]);
});

test('a search from memory records its album’s use for the next server’s warm start, once a minute', async () => {
  const [, , album] = albums as [TestAlbum, TestAlbum, TestAlbum];
  await db.query('delete from match_index_album_use where album_id = $1', [album.id]);
  const index = startIndex();
  await search(index, album);
  await index.loaded(album.id);
  await search(index, album);
  const used = async () =>
    (
      await db.query<{ age: number }>(
        'select extract(epoch from now() - searched_at)::float8 as age from match_index_album_use where album_id = $1',
        [album.id],
      )
    ).rows;
  const deadline = Date.now() + 5_000;
  while ((await used()).length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
  expect((await used())[0]?.age).toBeLessThan(10);
  // Written once a minute at most: an older use stays as it is for the next searches of this server.
  await db.query(
    `update match_index_album_use set searched_at = now() - interval '30 seconds' where album_id = $1`,
    [album.id],
  );
  await search(index, album);
  await search(index, album);
  expect((await used())[0]?.age).toBeGreaterThanOrEqual(29);
});

test('a search of an album that does not exist records no use and warns of nothing', async () => {
  const index = startIndex();
  const missing = { id: 2_000_000_000 } as TestAlbum;
  expect(await search(index, missing)).toBeUndefined();
  await new Promise((resolve) => setTimeout(resolve, 200));
  expect(await search(index, missing)).toBeUndefined();
  const { rows } = await db.query('select 1 from match_index_album_use where album_id = $1', [missing.id]);
  expect(rows).toEqual([]);
  // Looked for at each search (one small query), never loaded.
  expect(new Set(eventsOf(index))).toEqual(new Set([`reading ${missing.id}`]));
});
