import type { MikroORM } from '@mikro-orm/postgresql';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import { createAlbum, type TestAlbum } from '../../../test/support/catalogue.ts';
import { markSlots, seedCollector } from '../../../test/support/collectors.ts';
import { createTestDatabase } from '../../../test/support/database.ts';
import type { StickerStatus } from '../../rpc/schemas/collection.ts';
import { addStickers } from '../albums/sticker-slots.ts';
import { blockUser, unblockUser } from '../blocks/blocks.ts';
import { Album } from '../db/entities/album.ts';
import { openDatabase } from '../db/orm.ts';
import { findCapPoint } from '../geo/cap-directory.ts';
import { greatCircleKm } from '../geo/great-circle.ts';
import { seededRandom as random } from '../seeded-random.ts';
import { cancelOpenSwapsBetween } from '../swaps/swap-cancellation.ts';
import type { IndexAnswer } from './index-query.ts';
import { type MatchIndex, startMatchIndex } from './match-index.ts';

// The match index (docs/decisions/018) against a real database: whatever is committed, through the real
// write paths, is in the next search, and the answers equal a brute force over the collection rows as
// they are in the database at that moment.

let orm: MikroORM;
let databaseUrl: string;
let db: pg.Pool;
let index: MatchIndex;
const warnings: string[] = [];
/** A small album: every change names its collectors (the trigger's 'album:user,user' payload). */
let small: TestAlbum;
/** More than 400 collections: a statement touching them all says 'album:*' (read it whole again). */
let big: TestAlbum;
const smallIds: number[] = [];
const bigIds: number[] = [];
const BIG_COLLECTORS = 850;

const CAPS = ['20121', '20122', '20123', '20900', '20871', '20811', '27100', '24121'];
const STATUSES: StickerStatus[] = ['no', 'no', 'yes', 'yes', 'double'];

const next = random(20261123);
const pick = <T>(items: readonly T[]) => items[Math.floor(next() * items.length)] as T;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

type Me = { id: number; latitude: number; longitude: number };

async function whereIs(userId: number): Promise<Me> {
  const { rows } = await db.query<Me>('select id, latitude, longitude from app_user where id = $1', [userId]);
  return rows[0] as Me;
}

/** What this file checks of an answer (the index may add more, e.g. the stickers named). */
const checked = ({ myOwned, myGives, candidates }: IndexAnswer): IndexAnswer => ({
  myOwned,
  myGives,
  candidates: candidates.map(({ userId, distanceKm, swaps, theyGive, iGive, theyGiveSlots, iGiveSlots }) => ({
    userId,
    distanceKm,
    swaps,
    theyGive,
    iGive,
    theyGiveSlots,
    iGiveSlots,
  })),
});

async function fromIndex(albumId: number, me: Me, radiusKm: number) {
  const answer = await index.search(albumId, {
    userId: me.id,
    latitude: me.latitude,
    longitude: me.longitude,
    radiusKm,
    limit: 50,
  });
  return answer && checked(answer);
}

/** The index's answer, which must be one (no fallback to SQL). */
async function indexed(albumId: number, me: Me, radiusKm: number, what = '') {
  const answer = await fromIndex(albumId, me, radiusKm);
  expect(answer, `the index answers ${what}`).toBeDefined();
  return answer as IndexAnswer;
}

const setBits = (bits: string) => [...bits].flatMap((bit, slot) => (bit === '1' ? [slot] : []));

/**
 * The search of docs/decisions/005 by brute force over the album's collection rows as they are now
 * (reads neither `album` nor the search's SQL): what the index must answer.
 */
async function reference(albumId: number, me: Me, radiusKm: number): Promise<IndexAnswer> {
  const { rows } = await db.query<{
    user_id: number;
    active: boolean;
    latitude: number;
    longitude: number;
    owned: string;
    gives: string;
  }>(
    `select user_id, active, latitude, longitude, owned::text as owned, (doubles & ~reserved)::text as gives
       from collection where album_id = $1`,
    [albumId],
  );
  const blocks = await db.query<{ id: number }>(
    `select blocked_id as id from user_block where blocker_id = $1
      union select blocker_id from user_block where blocked_id = $1`,
    [me.id],
  );
  const blocked = new Set(blocks.rows.map((row) => row.id));
  const mine = rows.find((row) => row.user_id === me.id);
  const myOwned = new Set(mine ? setBits(mine.owned) : []);
  const myGives = mine ? setBits(mine.gives) : [];
  const candidates = rows
    .filter((row) => row.user_id !== me.id && row.active && !blocked.has(row.user_id))
    .map((row) => {
      const theyOwn = new Set(setBits(row.owned));
      const theyGiveSlots = setBits(row.gives).filter((slot) => !myOwned.has(slot));
      const iGiveSlots = myGives.filter((slot) => !theyOwn.has(slot));
      return {
        userId: row.user_id,
        distanceKm: greatCircleKm(me.latitude, me.longitude, row.latitude, row.longitude),
        swaps: Math.min(theyGiveSlots.length, iGiveSlots.length),
        theyGive: theyGiveSlots.length,
        iGive: iGiveSlots.length,
        theyGiveSlots,
        iGiveSlots,
      };
    })
    .filter((candidate) => candidate.distanceKm <= radiusKm && candidate.theyGive > 0)
    .sort(
      (a, b) =>
        Math.min(b.theyGive, b.iGive) - Math.min(a.theyGive, a.iGive) ||
        b.theyGive - a.theyGive ||
        a.distanceKm - b.distanceKm ||
        a.userId - b.userId,
    )
    .slice(0, 50);
  return { myOwned: myOwned.size, myGives: myGives.length, candidates };
}

const ids = (answer: IndexAnswer | undefined) => answer?.candidates.map((candidate) => candidate.userId);

async function mark(userId: number, albumId: number, changes: { slot: number; status: StickerStatus }[]) {
  await markSlots(orm.em.fork(), userId, albumId, changes);
}

/** Random marks for a whole album of `stickers`, as a collector's first marks. */
const randomMarks = (stickers: number) =>
  Array.from({ length: stickers }, (_, slot) => ({ slot, status: pick(STATUSES) }));

/** Waits until exactly one session runs a statement containing `text` and waits for a lock. */
async function waitingForLock(text: string) {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const { rows } = await db.query<{ n: number }>(
      `select count(*)::int as n from pg_stat_activity
        where datname = current_database() and pid <> pg_backend_pid() and wait_event_type = 'Lock'
          and position($1 in query) > 0`,
      [text],
    );
    if (rows[0]?.n === 1) return;
    if (Date.now() > deadline) throw new Error(`nobody waits for a lock in '${text}'`);
    await sleep(5);
  }
}
/** The first statement of the worker's read of an album (index-reads.ts, readAlbum). */
const ALBUM_READ = 'slot_capacity + 7';

/**
 * Searches again and again while the index reads an album whole: every answer it gives must be the
 * truth (the others are undefined: the caller searches in SQL), until it answers for every searcher.
 */
async function untilAnswered(albumId: number, searchers: Me[], radiusKm: number, what: string) {
  const truth = await Promise.all(searchers.map((me) => reference(albumId, me, radiusKm)));
  const deadline = Date.now() + 15_000;
  let fallbacks = 0;
  for (;;) {
    const answers = await Promise.all(searchers.map((me) => fromIndex(albumId, me, radiusKm)));
    answers.forEach((answer, i) => {
      if (answer) expect(answer, `${what}: searcher ${searchers[i]?.id}`).toEqual(truth[i]);
      else fallbacks++;
    });
    if (answers.every((answer) => answer !== undefined)) return { truth, fallbacks };
    if (Date.now() > deadline) throw new Error(`${what}: the index did not answer again within 15 s`);
    await sleep(2);
  }
}

beforeAll(async () => {
  databaseUrl = await createTestDatabase(inject('clusterUrl'));
  db = new pg.Pool({ connectionString: databaseUrl, max: 4 });
  orm = await openDatabase(databaseUrl);
  small = await createAlbum(databaseUrl, { stickers: 30 });
  big = await createAlbum(databaseUrl, { stickers: 40 });
  const em = orm.em.fork();
  for (let i = 0; i < 14; i++) {
    const user = await seedCollector(em, {
      nickname: `S${i}`,
      cap: CAPS[i % CAPS.length] as string,
      albumId: small.id,
      marks: randomMarks(small.stickers.length),
    });
    smallIds.push(user.id);
  }
  // The big album in two statements, as a bulk import would.
  const nicknames: string[] = [];
  const caps: string[] = [];
  const lats: number[] = [];
  const lons: number[] = [];
  const owned: string[] = [];
  const doubles: string[] = [];
  for (let i = 0; i < BIG_COLLECTORS; i++) {
    const cap = pick(CAPS);
    const point = findCapPoint(cap) as { lat: number; lon: number };
    const status = Array.from({ length: 256 }, (_, slot) =>
      slot < big.stickers.length ? pick(STATUSES) : 'no',
    );
    nicknames.push(`B${i}`);
    caps.push(cap);
    lats.push(point.lat);
    lons.push(point.lon);
    owned.push(status.map((s) => (s === 'no' ? '0' : '1')).join(''));
    doubles.push(status.map((s) => (s === 'double' ? '1' : '0')).join(''));
  }
  const { rows } = await db.query<{ id: number }>(
    `insert into app_user (nickname, password_hash, cap, latitude, longitude, raggio_km, trial_ends_at, created_at)
     select n, 'x', c, la, lo, 10, now(), now() from unnest($1::text[], $2::text[], $3::float8[], $4::float8[]) as t(n, c, la, lo)
     returning id`,
    [nicknames, caps, lats, lons],
  );
  bigIds.push(...rows.map((row) => row.id));
  await db.query(
    `insert into collection (user_id, album_id, owned, doubles, latitude, longitude, active)
     select u, $1, o::varbit, d::varbit, la, lo, true
       from unnest($2::int[], $3::text[], $4::text[], $5::float8[], $6::float8[]) as t(u, o, d, la, lo)`,
    [big.id, bigIds, owned, doubles, lats, lons],
  );
  index = startMatchIndex(databaseUrl, (warning) => warnings.push(warning));
  index.load(small.id);
  index.load(big.id);
  await Promise.all([index.loaded(small.id), index.loaded(big.id)]);
});

afterAll(async () => {
  await index?.close();
  await orm?.close();
  await db?.end();
  expect(warnings).toEqual([]);
});

describe('the match index against the database', () => {
  test('what was loaded at start is what the database holds', async () => {
    for (const userId of [...smallIds.slice(0, 4), ...bigIds.slice(0, 4)]) {
      const albumId = smallIds.includes(userId) ? small.id : big.id;
      const me = await whereIs(userId);
      for (const radiusKm of [5, 50])
        expect(await indexed(albumId, me, radiusKm)).toEqual(await reference(albumId, me, radiusKm));
    }
  });

  test('every committed mark is in the very next search, many times in a row (the sync barrier)', async () => {
    const [meId, otherId] = smallIds as [number, number];
    const me = await whereIs(meId);
    let changed = 0;
    let before = await indexed(small.id, me, 50);
    for (let round = 0; round < 60; round++) {
      // Mostly a sticker I miss changing hands at another collector's; sometimes my own album, or a
      // reservation held by a swap (the index gives `doubles & ~reserved`).
      const writer = round % 3 === 0 ? meId : round % 3 === 1 ? otherId : pick(smallIds);
      let what: string;
      if (round % 7 === 6) {
        const reserve = round % 2 === 0;
        what = `collector ${writer} ${reserve ? 'reserves' : 'frees'} every double`;
        await db.query(
          `update collection set reserved = ${reserve ? 'doubles' : `repeat('0', length(owned))::varbit`}
            where user_id = $1 and album_id = $2`,
          [writer, small.id],
        );
      } else {
        const changes = Array.from({ length: 1 + Math.floor(next() * 3) }, () => ({
          slot: Math.floor(next() * small.stickers.length),
          status: pick(['no', 'yes', 'double'] as const),
        }));
        what = `collector ${writer} marks ${JSON.stringify(changes)}`;
        await mark(writer, small.id, changes);
      }
      // No wait: the search itself must bring the commit in.
      const searcher = round % 2 === 0 ? me : await whereIs(writer === meId ? otherId : writer);
      const answer = await indexed(small.id, searcher, 50, what);
      expect(answer, `round ${round}: ${what}`).toEqual(await reference(small.id, searcher, 50));
      if (searcher === me) {
        if (JSON.stringify(answer) !== JSON.stringify(before)) changed++;
        before = answer;
      }
    }
    // The changes must have shown: a search that lags behind would have been caught many times.
    expect(changed).toBeGreaterThan(10);
  });

  test('a sticker toggled at one collector shows at once in another collector search, every time', async () => {
    const [meId, , otherId] = smallIds as [number, number, number];
    const me = await whereIs(meId);
    await mark(meId, small.id, [{ slot: 0, status: 'no' }]);
    for (let round = 0; round < 30; round++) {
      const double = round % 2 === 0;
      await mark(otherId, small.id, [{ slot: 0, status: double ? 'double' : 'no' }]);
      const answer = await indexed(small.id, me, 50, `round ${round}`);
      const their = answer.candidates.find((candidate) => candidate.userId === otherId);
      expect(their?.theyGiveSlots.includes(0) ?? false, `round ${round}: slot 0 a double of theirs`).toBe(
        double,
      );
    }
  });

  test('two app servers, two indexes: a committed tap is in the very next search on each', async () => {
    const second = startMatchIndex(databaseUrl, (warning) => warnings.push(warning));
    try {
      second.load(small.id);
      await second.loaded(small.id);
      const [meId, , , otherId] = smallIds as [number, number, number, number];
      const me = await whereIs(meId);
      await mark(meId, small.id, [{ slot: 1, status: 'no' }]);
      for (let round = 0; round < 20; round++) {
        const double = round % 2 === 0;
        await mark(otherId, small.id, [{ slot: 1, status: double ? 'double' : 'no' }]);
        // The first server, then the second, with no wait between the commit and either search.
        for (const [name, server] of [
          ['first', index],
          ['second', second],
        ] as const) {
          const answer = await server.search(small.id, {
            userId: me.id,
            latitude: me.latitude,
            longitude: me.longitude,
            radiusKm: 50,
            limit: 50,
          });
          expect(answer, `${name} server answers, round ${round}`).toBeDefined();
          const their = answer?.candidates.find((candidate) => candidate.userId === otherId);
          expect(their?.theyGiveSlots.includes(1) ?? false, `${name} server, round ${round}`).toBe(double);
        }
      }
    } finally {
      await second.close();
    }
  });

  test('a new collector shows at their first mark; a deleted user leaves with their collection', async () => {
    const me = await whereIs(smallIds[0] as number);
    await mark(me.id, small.id, [{ slot: 5, status: 'no' }]);
    for (let round = 0; round < 5; round++) {
      const user = await seedCollector(orm.em.fork(), {
        nickname: `N${round}`,
        cap: '20121',
        albumId: small.id,
        marks: [{ slot: 5, status: 'double' }],
      });
      let answer = await indexed(small.id, me, 50, 'after a first mark');
      expect(ids(answer)).toContain(user.id);
      expect(answer).toEqual(await reference(small.id, me, 50));
      await db.query('delete from app_user where id = $1', [user.id]);
      answer = await indexed(small.id, me, 50, 'after a deletion');
      expect(ids(answer)).not.toContain(user.id);
      expect(answer).toEqual(await reference(small.id, me, 50));
    }
  });

  test('a search the worker cannot answer within 2 s goes to SQL, however long the worker is held up', async () => {
    const me = await whereIs(smallIds[0] as number);
    await indexed(small.id, me, 50, 'before');
    // The sync reads the searcher's blocks: with the table locked, the worker waits as long as the lock.
    const holder = new pg.Client({ connectionString: databaseUrl });
    await holder.connect();
    try {
      await holder.query('begin');
      await holder.query('lock table user_block in access exclusive mode');
      expect(await fromIndex(small.id, me, 50)).toBeUndefined();
    } finally {
      await holder.query('rollback');
      await holder.end();
    }
    await indexed(small.id, me, 50, 'once the worker is free again');
  });

  test('a collector who moves enters and leaves the radius; a deactivated one leaves every answer', async () => {
    const me = await whereIs(smallIds[0] as number);
    const mover = smallIds[3] as number;
    await mark(me.id, small.id, [{ slot: 7, status: 'no' }]);
    await mark(mover, small.id, [{ slot: 7, status: 'double' }]);
    const rome = findCapPoint('00184') as { lat: number; lon: number };
    const home = await whereIs(mover);
    const bergamo = findCapPoint('24121') as { lat: number; lon: number };
    for (let round = 0; round < 4; round++) {
      for (const [place, near] of [
        [rome, false],
        [bergamo, true],
        [{ lat: home.latitude, lon: home.longitude }, true],
      ] as const) {
        await db.query('update app_user set latitude = $2, longitude = $3 where id = $1', [
          mover,
          place.lat,
          place.lon,
        ]);
        const answer = await indexed(small.id, me, 50, 'after a move');
        expect(ids(answer)?.includes(mover), `at ${place.lat},${place.lon}`).toBe(near);
        expect(answer).toEqual(await reference(small.id, me, 50));
      }
      await db.query('update app_user set is_active = false where id = $1', [mover]);
      for (const searcher of [me, await whereIs(smallIds[5] as number)]) {
        const answer = await indexed(small.id, searcher, 50, 'after a deactivation');
        expect(ids(answer)).not.toContain(mover);
        expect(answer).toEqual(await reference(small.id, searcher, 50));
      }
      await db.query('update app_user set is_active = true where id = $1', [mover]);
      expect(ids(await indexed(small.id, me, 50, 'after a reactivation'))).toContain(mover);
    }
  });

  test('a blocked pair never see each other, from the moment the block commits', async () => {
    const [a, b] = [smallIds[8], smallIds[9]] as [number, number];
    // Each has a double the other misses.
    await mark(a, small.id, [
      { slot: 10, status: 'double' },
      { slot: 11, status: 'no' },
    ]);
    await mark(b, small.id, [
      { slot: 10, status: 'no' },
      { slot: 11, status: 'double' },
    ]);
    const [meA, meB] = [await whereIs(a), await whereIs(b)];
    for (let round = 0; round < 4; round++) {
      const [blocker, blocked] = round % 2 === 0 ? [a, b] : [b, a];
      await blockUser(orm.em.fork(), blocker, blocked, cancelOpenSwapsBetween);
      for (const [me, other] of [
        [meA, b],
        [meB, a],
      ] as const) {
        const answer = await indexed(small.id, me, 50, 'after a block');
        expect(ids(answer)).not.toContain(other);
        expect(answer).toEqual(await reference(small.id, me, 50));
      }
      await unblockUser(orm.em.fork(), blocker, blocked);
      expect(ids(await indexed(small.id, meA, 50))).toContain(b);
      expect(ids(await indexed(small.id, meB, 50))).toContain(a);
    }
  });

  test('a statement changing more than 400 collections makes the index read the album again', async () => {
    const searchers = await Promise.all([0, 1, 2, 400, 849].map((i) => whereIs(bigIds[i] as number)));
    const before = await Promise.all(searchers.map((me) => indexed(big.id, me, 10)));
    // Accepted swaps hold every spare of the doubles of one collector in three: one statement.
    await db.query(
      `update collection set reserved = case when user_id % 3 = 0 then doubles else repeat('0', length(owned))::varbit end
        where album_id = $1`,
      [big.id],
    );
    const { truth } = await untilAnswered(big.id, searchers, 10, 'after the bulk reservation');
    expect(truth).not.toEqual(before);
    // And back, every collector's doubles free again.
    await db.query(
      `update collection set reserved = repeat('0', length(owned))::varbit where album_id = $1`,
      [big.id],
    );
    const again = await untilAnswered(big.id, searchers, 10, 'after freeing them');
    expect(again.truth).toEqual(before);
  });

  test('an album growing past its capacity (every bitmap padded) is read again, big or small', async () => {
    for (const [album, collectors] of [
      [big, bigIds],
      [small, smallIds],
    ] as const) {
      const searchers = await Promise.all(collectors.slice(0, 3).map((id) => whereIs(id)));
      // The admin's path: 230 stickers more take the album past its 256 slots.
      const grown = await orm.em.fork().transactional(async (em) => {
        const entity = await em.findOneOrFail(Album, album.id);
        const added = await addStickers(
          em,
          entity,
          Array.from({ length: 230 }, (_, i) => ({ number: `N${i}`, name: `Nuovo ${i}` })),
        );
        return { capacity: entity.slotCapacity, lastSlot: (added.at(-1) as { slot: number }).slot };
      });
      expect(grown.capacity).toBe(512);
      await untilAnswered(album.id, searchers, 50, `album ${album.id} padded`);
      // A sticker past the old length: a double at my best candidate (who stays first), which I miss.
      const taking = searchers[0] as Me;
      const giver = (await indexed(album.id, taking, 50)).candidates[0]?.userId as number;
      await mark(giver, album.id, [{ slot: grown.lastSlot, status: 'double' }]);
      const answer = await indexed(album.id, taking, 50, 'after a mark on a new sticker');
      expect(answer).toEqual(await reference(album.id, taking, 50));
      expect(answer.candidates[0]?.theyGiveSlots).toContain(grown.lastSlot);
    }
  });

  test('what changed while the index had lost its connection is in its answers once it is back', async () => {
    const me = await whereIs(smallIds[0] as number);
    const giver = smallIds[6] as number;
    await mark(me.id, small.id, [{ slot: 20, status: 'no' }]);
    await mark(giver, small.id, [{ slot: 20, status: 'no' }]);
    expect(await indexed(small.id, me, 50)).toEqual(await reference(small.id, me, 50));
    const { rows } = await db.query<{ ended: boolean }>(
      `select pg_terminate_backend(pid) as ended from pg_stat_activity
        where datname = current_database() and pid <> pg_backend_pid() and query like 'listen %'`,
    );
    expect(rows).toEqual([{ ended: true }]);
    // Nobody listens: this commit's notification is lost, only a read of the whole album can bring it in.
    await mark(giver, small.id, [{ slot: 20, status: 'double' }]);
    const { truth } = await untilAnswered(small.id, [me], 50, 'after the connection came back');
    expect(truth[0]?.candidates.find((c) => c.userId === giver)?.theyGiveSlots).toContain(20);
  });

  test('a second bulk change committed while the album is being read is in the answers after it', async () => {
    // The index's read of the big album is held at its first statement (the album table locked) with
    // its snapshot taken; a second statement of more than 400 rows commits meanwhile. The read that
    // started before it must not answer: only a read after it may.
    const searchers = await Promise.all([0, 1, 2, 3].map((i) => whereIs(bigIds[i] as number)));
    await untilAnswered(big.id, searchers, 10, 'before');
    const holder = new pg.Client({ connectionString: databaseUrl });
    const queued = new pg.Client({ connectionString: databaseUrl });
    await holder.connect();
    await queued.connect();
    try {
      // One statement over the even half (425 rows; half of them reserve every double), held open.
      await holder.query('begin');
      await holder.query(
        `update collection set reserved = case when user_id % 4 = 0 then doubles else reserved end
          where album_id = $1 and user_id % 2 = 0`,
        [big.id],
      );
      await holder.query('lock table album in access exclusive mode');
      // The odd half commit theirs: the index reads the album again, and waits for the lock.
      await db.query(
        `update collection set reserved = case when user_id % 4 = 1 then doubles else reserved end
          where album_id = $1 and user_id % 2 = 1`,
        [big.id],
      );
      await waitingForLock(ALBUM_READ);
      // Next in the lock's queue after that read: whatever read comes after it waits too.
      await queued.query('begin');
      const locked = queued.query('lock table album in access exclusive mode');
      await waitingForLock('lock table album');
      await holder.query('commit');
      await locked;
      // The first read has finished (it held the lock before `queued`); the next one waits for `queued`.
      await waitingForLock(ALBUM_READ);
      const truth = await Promise.all(searchers.map((me) => reference(big.id, me, 10)));
      for (let round = 0; round < 10; round++)
        for (const [i, me] of searchers.entries()) {
          const answer = await fromIndex(big.id, me, 10);
          if (answer) expect(answer, `searcher ${me.id}, while the album is read again`).toEqual(truth[i]);
        }
      await queued.query('rollback');
      await untilAnswered(big.id, searchers, 10, 'after the second read');
    } finally {
      await holder.end();
      await queued.end();
    }
    await db.query(
      `update collection set reserved = repeat('0', length(owned))::varbit where album_id = $1`,
      [big.id],
    );
  });
});
