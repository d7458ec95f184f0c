import crypto from 'node:crypto';
import type { MikroORM } from '@mikro-orm/postgresql';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import { createAlbum, type TestAlbum } from '../../../test/support/catalogue.ts';
import { seedCollector } from '../../../test/support/collectors.ts';
import { createTestDatabase } from '../../../test/support/database.ts';
import type { StickerStatus } from '../../rpc/schemas/collection.ts';
import { openDatabase } from '../db/orm.ts';
import { startMatchIndex } from '../matches/match-index.ts';
import { startTapBatches, TAP_BATCHES_IN_FLIGHT, type Tap, type TapBatches } from './tap-batches.ts';

// Group commit of sticker taps (docs/decisions/019) against a real database: taps that arrive while the
// transactions are busy are written together, each with its own answer; one bad tap fails alone; and
// batches that take the same collectors in any order never deadlock.

let orm: MikroORM;
let databaseUrl: string;
let db: pg.Pool;
let tapPool: pg.Pool;
let batches: TapBatches;
/** How many taps each call of `tap_stickers` carried, in the order the calls were made. */
const calls: number[] = [];
let album: TestAlbum;
let other: TestAlbum;
const collectors: { userId: number; sessionId: string }[] = [];

beforeAll(async () => {
  databaseUrl = await createTestDatabase(inject('clusterUrl'));
  db = new pg.Pool({ connectionString: databaseUrl, max: 8 });
  orm = await openDatabase(databaseUrl);
  album = await createAlbum(databaseUrl, { stickers: 40 });
  other = await createAlbum(databaseUrl, { stickers: 40 });
  const em = orm.em.fork();
  for (let i = 0; i < 10; i++) {
    const user = await seedCollector(em, { nickname: `TAPPER${i}`, cap: '20121' });
    const sessionId = crypto.randomBytes(16).toString('hex');
    await db.query(
      `insert into user_session (id, user_id, created_at, expires_at) values ($1, $2, now(), now() + interval '1 day')`,
      [sessionId, user.id],
    );
    collectors.push({ userId: user.id, sessionId });
  }
  tapPool = new pg.Pool({ connectionString: databaseUrl, max: TAP_BATCHES_IN_FLIGHT });
  const query = tapPool.query.bind(tapPool) as (config: pg.QueryConfig) => Promise<pg.QueryResult>;
  Object.assign(tapPool, {
    query: (config: pg.QueryConfig) => {
      calls.push((config.values?.[1] as unknown[] | undefined)?.length ?? 0);
      return query(config);
    },
  });
  batches = startTapBatches(tapPool);
});

afterAll(async () => {
  await batches?.close();
  await tapPool?.end();
  await db?.end();
  await orm?.close();
});

const tap = (collector: number, stickerId: number, status: StickerStatus): Tap => ({
  ...(collectors[collector] as { userId: number; sessionId: string }),
  stickerId,
  status,
  spares: null,
  tappedAt: null,
});

/** What the database holds for a collector's sticker. */
async function statusHeld(collector: number, stickerId: number) {
  const { rows } = await db.query<{ status: string }>(
    `select case when c.owned is null or get_bit(c.owned, s.slot) = 0 then 'no'
                 when get_bit(c.doubles, s.slot) = 0 then 'yes' else 'double' end as status
       from sticker s left join collection c on c.user_id = $1 and c.album_id = s.album_id
      where s.id = $2`,
    [collectors[collector]?.userId, stickerId],
  );
  return rows[0]?.status;
}

/** Holds the album's row, as an admin's album-wide change does: every tap on it waits until `release`. */
async function holdAlbum(albumId: number) {
  const client = await db.connect();
  await client.query('begin');
  await client.query('select 1 from album where id = $1 for update', [albumId]);
  return async () => {
    await client.query('commit');
    client.release();
  };
}

/** Until every transaction of the tap writer waits for a lock (the taps sent so far are on their way). */
async function tapWritesWaiting(count: number) {
  for (;;) {
    const { rows } = await db.query<{ waiting: number }>(
      `select count(*)::int as waiting from pg_stat_activity
        where datname = current_database() and wait_event_type = 'Lock' and query like '%tap_stickers%'`,
    );
    if ((rows[0]?.waiting ?? 0) >= count) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

const sticker = (index: number, of = album) => (of.stickers[index] as { id: number }).id;

describe('taps written together', () => {
  test('taps that come while the transactions are busy go out in one, each with its own answer', async () => {
    const release = await holdAlbum(album.id);
    calls.length = 0;
    const first = Array.from({ length: TAP_BATCHES_IN_FLIGHT }, (_, i) =>
      batches.write(tap(i, sticker(i), 'yes')),
    );
    await tapWritesWaiting(TAP_BATCHES_IN_FLIGHT);
    // 27 more from ten collectors; collector 9 taps sticker 20 twice, and the later tap must win.
    const later: { collector: number; stickerId: number; status: StickerStatus }[] = [];
    for (let i = 0; i < 25; i++)
      later.push({ collector: i % 10, stickerId: sticker(5 + i), status: i % 2 ? 'double' : 'yes' });
    later.push({ collector: 9, stickerId: sticker(38), status: 'yes' });
    later.push({ collector: 9, stickerId: sticker(38), status: 'double' });
    const answers = later.map((entry) => batches.write(tap(entry.collector, entry.stickerId, entry.status)));
    await release();

    expect((await Promise.all(first)).map((outcome) => outcome.status)).toEqual(first.map(() => 'yes'));
    const outcomes = await Promise.all(answers);
    expect(outcomes.map((outcome) => outcome.status)).toEqual(later.map((entry) => entry.status));
    expect(outcomes.every((outcome) => outcome.live)).toBe(true);
    expect(calls).toEqual([...first.map(() => 1), 27]);
    for (const entry of later.slice(0, 25))
      expect(await statusHeld(entry.collector, entry.stickerId)).toBe(entry.status);
    expect(await statusHeld(9, sticker(38))).toBe('double');
  });

  test('a tap the database refuses fails alone: the others of its batch are written', async () => {
    const release = await holdAlbum(album.id);
    const first = Array.from({ length: TAP_BATCHES_IN_FLIGHT }, (_, i) =>
      batches.write(tap(i, sticker(0), 'no')),
    );
    await tapWritesWaiting(TAP_BATCHES_IN_FLIGHT);
    calls.length = 0;
    const good = [1, 2, 3, 4].map((collector) => batches.write(tap(collector, sticker(39), 'double')));
    // A status no device sends (the procedure's input never lets one through): tap_sticker raises.
    const bad = batches.write(tap(5, sticker(39), 'forse' as StickerStatus));
    const afterBad = batches.write(tap(6, sticker(39), 'yes'));
    await release();
    await Promise.all(first);

    await expect(bad).rejects.toThrow(/unknown status/);
    expect((await Promise.all([...good, afterBad])).map((outcome) => outcome.status)).toEqual([
      'double',
      'double',
      'double',
      'double',
      'yes',
    ]);
    // The batch of six failed whole, then each went again alone.
    expect(calls).toEqual([6, 1, 1, 1, 1, 1, 1]);
    expect(await statusHeld(4, sticker(39))).toBe('double');
    expect(await statusHeld(5, sticker(39))).toBe('no');
    expect(await statusHeld(6, sticker(39))).toBe('yes');
  });

  test('a tap through an ended session is answered as not live and writes nothing, in a batch too', async () => {
    const ended = { userId: collectors[7]?.userId as number, sessionId: 'not-a-session' };
    // The transactions busy first, so that the two taps go out together.
    const release = await holdAlbum(album.id);
    const first = Array.from({ length: TAP_BATCHES_IN_FLIGHT }, (_, i) =>
      batches.write(tap(i, sticker(31), 'yes')),
    );
    await tapWritesWaiting(TAP_BATCHES_IN_FLIGHT);
    calls.length = 0;
    const together = Promise.all([
      batches.write({ ...tap(8, sticker(30), 'yes') }),
      batches.write({ ...tap(7, sticker(30), 'yes'), ...ended }),
    ]);
    await release();
    await Promise.all(first);
    const outcomes = await together;
    // One call of tap_stickers carried both: had they gone out alone, this would read [1, 1].
    expect(calls).toEqual([2]);
    expect(outcomes.map((outcome) => outcome.live)).toEqual([true, false]);
    expect(await statusHeld(8, sticker(30))).toBe('yes');
    expect(await statusHeld(7, sticker(30))).toBe('no');
  });

  test('a batch says once which collectors it changed, and the match index has them', async () => {
    const third = await createAlbum(databaseUrl, { stickers: 10 });
    const index = startMatchIndex(databaseUrl, () => undefined);
    const listener = new pg.Client({ connectionString: databaseUrl });
    try {
      index.load(third.id);
      await index.loaded(third.id);
      await listener.connect();
      const heard: string[] = [];
      listener.on('notification', (message) => heard.push(message.payload ?? ''));
      await listener.query('listen collection_changed');
      const release = await holdAlbum(third.id);
      const first = Array.from({ length: TAP_BATCHES_IN_FLIGHT }, (_, i) =>
        batches.write(tap(i, sticker(0, third), 'yes')),
      );
      await tapWritesWaiting(TAP_BATCHES_IN_FLIGHT);
      const doubles = [5, 6, 7, 8].map((collector) =>
        batches.write(tap(collector, sticker(9, third), 'double')),
      );
      await release();
      await Promise.all([...first, ...doubles]);
      // The one who searches lacks sticker 10 of the new album; the four who doubled it are candidates.
      const me = collectors[9] as { userId: number };
      const { rows } = await db.query<{ latitude: number; longitude: number }>(
        'select latitude, longitude from app_user where id = $1',
        [me.userId],
      );
      const answer = await index.search(third.id, {
        userId: me.userId,
        latitude: rows[0]?.latitude as number,
        longitude: rows[0]?.longitude as number,
        radiusKm: 50,
        limit: 50,
      });
      const found = answer?.candidates.map((candidate) => candidate.userId) ?? [];
      expect(found.sort()).toEqual([5, 6, 7, 8].map((collector) => collectors[collector]?.userId).sort());
      // One notification for the batch of four, besides one for each tap that went alone.
      const ofTheAlbum = heard.filter((payload) => payload.startsWith(`${third.id}:`));
      expect(ofTheAlbum).toHaveLength(TAP_BATCHES_IN_FLIGHT + 1);
      // Not necessarily the last one heard: the batch starts when the first tap's slot frees, and may commit
      // before the other taps that waited on the album.
      const said = ofTheAlbum.map((payload) => payload.split(':')[1]?.split(',').map(Number).sort());
      expect(said.filter((ids) => (ids?.length ?? 0) > 1)).toEqual([
        [5, 6, 7, 8].map((collector) => collectors[collector]?.userId).sort(),
      ]);
    } finally {
      await listener.end();
      await index.close();
    }
  });

  test('batches that take the same collectors in any order, on two albums, never deadlock', async () => {
    // Straight calls of tap_stickers, several at once, each with the same collectors' taps shuffled:
    // a failure here (a deadlock) is not hidden by the writer's retry tap by tap.
    const shuffled = <T>(items: T[]) =>
      items
        .map((item) => ({ item, key: Math.random() }))
        .sort((a, b) => a.key - b.key)
        .map(({ item }) => item);
    for (let round = 0; round < 30; round++) {
      await Promise.all(
        Array.from({ length: 4 }, async () => {
          const taps = shuffled(
            [0, 1, 2, 3, 4, 5].flatMap((collector) => [
              tap(collector, sticker(collector + (round % 10)), round % 2 ? 'yes' : 'double'),
              tap(collector, sticker(collector, other), 'yes'),
            ]),
          );
          await db.query(`select count(*) from tap_stickers($1, $2, now(), $3, $4, $5, $6, 30)`, [
            taps.map((each) => each.sessionId),
            taps.map((each) => each.userId),
            taps.map((each) => each.stickerId),
            taps.map((each) => each.status),
            taps.map(() => null),
            taps.map(() => null),
          ]);
        }),
      );
    }
  });
});
