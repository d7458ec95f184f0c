import type { MikroORM } from '@mikro-orm/postgresql';
import { afterAll, beforeAll, expect, inject, test } from 'vitest';
import { createAlbum, type TestAlbum } from '../../../test/support/catalogue.ts';
import { seedCollector } from '../../../test/support/collectors.ts';
import { createTestDatabase } from '../../../test/support/database.ts';
import type { StickerStatus } from '../../rpc/schemas/collection.ts';
import { matchCursorAfter, readMatchCursor } from '../../rpc/schemas/match-cursor.ts';
import type { MatchRanking } from '../../rpc/schemas/matches.ts';
import { EXCHANGES_LISTED_MAX, MATCH_PAGE_SIZE } from '../../rpc/schemas/matches-limits.ts';
import { shownDistanceKm } from '../../rpc/schemas/place.ts';
import type { StickerKind } from '../../rpc/schemas/stickers.ts';
import type { User } from '../db/entities/user.ts';
import { openDatabase } from '../db/orm.ts';
import { distanceKm, findCapPoint } from '../geo/cap-directory.ts';
import { type MatchIndex, startMatchIndex } from './match-index.ts';
import { findPotentialMatches } from './potential-matches.ts';

// A property-style check: the search against a brute-force reference on random data.
const CAPS = [
  '20121',
  '20122',
  '20900',
  '20871',
  '21100',
  '24121',
  '20811',
  '27100',
  '26900',
  '28100',
  '00184',
  '10121',
];
const STATUSES: StickerStatus[] = ['no', 'no', 'yes', 'yes', 'double'];
/** The album's kinds, as a real one ends: base, then specials, then extras (issue 49). */
const kinds = Array.from(
  { length: 60 },
  (_, slot): StickerKind => (slot < 40 ? 'base' : slot < 52 ? 'speciale' : 'extra'),
);
const kindOfSlot = (slot: number) => kinds[slot] as StickerKind;
/** Which kinds pair with which (issue 49, row 3), written out for the reference. */
const groupsOf = (mixKinds: boolean): StickerKind[][] =>
  mixKinds ? [['base', 'speciale'], ['extra']] : [['base'], ['speciale'], ['extra']];

let orm: MikroORM;
let album: TestAlbum;
let databaseUrl: string;
let index: MatchIndex;
const warnings: string[] = [];
/** `reserved`: slots of doubles whose every spare accepted swaps hold (they give nothing there). */
type Collector = { user: User; cap: string; active: boolean; status: StickerStatus[]; reserved: Set<number> };
const collectors: Collector[] = [];
/** Pairs (by index in `collectors`) where one blocked the other. */
const blocked = new Set<string>();
const pairKey = (a: Collector, b: Collector) => [a.user.id, b.user.id].sort((x, y) => x - y).join('-');

function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

beforeAll(async () => {
  databaseUrl = await createTestDatabase(inject('clusterUrl'));
  album = await createAlbum(databaseUrl, { stickers: 60 });
  orm = await openDatabase(databaseUrl);
  const next = random(42);
  const em = orm.em.fork();
  await em.execute(
    `update sticker set kind = case when slot < 40 then 'base' when slot < 52 then 'speciale' else 'extra' end
      where album_id = ?`,
    [album.id],
  );
  for (let i = 0; i < 300; i++) {
    const cap = CAPS[Math.floor(next() * CAPS.length)] as string;
    const status = album.stickers.map(() => STATUSES[Math.floor(next() * STATUSES.length)] as StickerStatus);
    const empty = next() < 0.05;
    const active = next() > 0.05;
    const user = await seedCollector(em, {
      nickname: `P${i}`,
      cap,
      active,
      albumId: album.id,
      marks: empty ? [] : status.map((s, slot) => ({ slot, status: s })),
    });
    const marked = empty ? status.map((): StickerStatus => 'no') : status;
    // About a third of the collectors have doubles held by accepted swaps.
    const reserved = new Set(
      next() < 0.35 ? marked.flatMap((s, slot) => (s === 'double' && next() < 0.5 ? [slot] : [])) : [],
    );
    if (reserved.size > 0) {
      const bits = album.stickers.map((_, slot) => (reserved.has(slot) ? '1' : '0')).join('');
      await em.execute('update collection set reserved = ?::varbit where user_id = ? and album_id = ?', [
        bits,
        user.id,
        album.id,
      ]);
    }
    collectors.push({ user, cap, active, status: marked, reserved });
  }
  // Some blocks, in both directions.
  for (let i = 0; i < 120; i++) {
    const a = collectors[Math.floor(next() * collectors.length)] as Collector;
    const b = collectors[Math.floor(next() * collectors.length)] as Collector;
    if (a === b || blocked.has(pairKey(a, b))) continue;
    blocked.add(pairKey(a, b));
    await em.execute('insert into user_block (blocker_id, blocked_id) values (?, ?)', [a.user.id, b.user.id]);
  }
  index = startMatchIndex(databaseUrl, (warning) => warnings.push(warning));
  index.load(album.id);
  await index.loaded(album.id);
});
afterAll(async () => {
  await index.close();
  await orm.close();
  expect(warnings).toEqual([]);
});

function reference(me: Collector, radiusKm: number, rank: MatchRanking, max = 50, mixKinds = false) {
  const here = findCapPoint(me.cap);
  if (!here) throw new Error('unknown CAP');
  return collectors
    .filter((other) => other !== me && other.active && !blocked.has(pairKey(me, other)))
    .map((other) => {
      const givable = (who: Collector, slot: number) =>
        who.status[slot] === 'double' && !who.reserved.has(slot);
      const theirSlots = other.status.flatMap((_, slot) =>
        givable(other, slot) && me.status[slot] === 'no' ? [slot] : [],
      );
      const mySlots = me.status.flatMap((_, slot) =>
        givable(me, slot) && other.status[slot] === 'no' ? [slot] : [],
      );
      // Like for like: within each group of kinds that pair, as many swaps as the shorter side has.
      const swaps = groupsOf(mixKinds).reduce((sum, group) => {
        const inGroup = (slots: number[]) => slots.filter((slot) => group.includes(kindOfSlot(slot))).length;
        return sum + Math.min(inGroup(theirSlots), inGroup(mySlots));
      }, 0);
      const there = findCapPoint(other.cap);
      const distance = there ? distanceKm(here, there) : Number.POSITIVE_INFINITY;
      return { id: other.user.id, theyGive: theirSlots.length, iGive: mySlots.length, swaps, distance };
    })
    .filter((candidate) => candidate.distance <= radiusKm && candidate.theyGive > 0)
    .sort((a, b) => {
      const swaps = b.swaps - a.swaps;
      const gives = b.theyGive - a.theyGive;
      const first = rank === 'swaps' ? swaps || gives : gives || swaps;
      return first || a.distance - b.distance || a.id - b.id;
    })
    .slice(0, max);
}

test.each([
  ['SQL', 'swaps', false, false],
  ['the index in memory', 'swaps', false, true],
  ['SQL', 'missing', false, false],
  ['the index in memory', 'missing', false, true],
  ['SQL', 'swaps', true, false],
  ['the index in memory', 'swaps', true, true],
] as const)(
  'the search in %s finds the same candidates, like-for-like swap counts and order (ranked by %s, speciali with normali: %s) as a brute-force reference',
  async (_, rank, mixKinds, indexed) => {
    const next = random(7);
    let compared = 0;
    for (let round = 0; round < 25; round++) {
      const me = collectors[Math.floor(next() * collectors.length)] as Collector;
      const radiusKm = [1, 5, 10, 25, 50][round % 5] as number;
      if (indexed) {
        // The index answers itself: no fallback to SQL hides in this comparison.
        const query = {
          userId: me.user.id,
          latitude: Number(me.user.latitude),
          longitude: Number(me.user.longitude),
          radiusKm,
          limit: 50,
          rank,
          mixKinds,
        };
        expect(await index.search(album.id, query)).toBeDefined();
      }
      const found = await findPotentialMatches(
        orm.em.fork(),
        me.user,
        album.id,
        { radiusKm, rank, mixKinds },
        indexed ? index : undefined,
      );
      const expected = reference(me, radiusKm, rank, 50, mixKinds);
      expect(
        found.map(({ id, theyCanGive, iCanGive, swapCount, distanceKm: d }) => ({
          id,
          theyCanGive,
          iCanGive,
          swapCount,
          d,
        })),
        `collector ${me.user.nickname} at ${me.cap}, ${radiusKm} km`,
      ).toEqual(
        expected.map((candidate) => ({
          id: candidate.id,
          theyCanGive: candidate.theyGive,
          iCanGive: candidate.iGive,
          swapCount: candidate.swaps,
          // The answer's whole km; the order above is the exact distance's (decision 005).
          d: shownDistanceKm(candidate.distance),
        })),
      );
      compared += found.length;
    }
    // The random data must give the comparison something to chew on.
    expect(compared).toBeGreaterThan(200);
  },
);

test.each([
  ['SQL', false, false],
  ['the index in memory', false, true],
  ['SQL', true, false],
  ['the index in memory', true, true],
])(
  'in %s each exchange pairs a double of mine they miss with a double of theirs I miss, like for like (speciali with normali: %s)',
  async (_, mixKinds, indexed) => {
    const me = collectors.find(
      (collector) => collector.active && collector.status.includes('double'),
    ) as Collector;
    const found = await findPotentialMatches(
      orm.em.fork(),
      me.user,
      album.id,
      { radiusKm: 50, rank: 'swaps', mixKinds },
      indexed ? index : undefined,
    );
    expect(found.length).toBeGreaterThan(0);
    const groupOf = (slot: number) =>
      groupsOf(mixKinds).findIndex((group) => group.includes(kindOfSlot(slot)));
    const kindsPaired = new Set<string>();
    const numberToSlot = new Map(album.stickers.map((sticker, slot) => [sticker.number, slot]));
    for (const candidate of found) {
      const other = collectors.find((collector) => collector.user.id === candidate.id) as Collector;
      expect(candidate.possibleExchanges).toHaveLength(Math.min(candidate.swapCount, EXCHANGES_LISTED_MAX));
      for (const { myDouble, theirNeed } of candidate.possibleExchanges) {
        const give = numberToSlot.get(myDouble) as number;
        const get = numberToSlot.get(theirNeed) as number;
        expect([me.status[give], other.status[give]]).toEqual(['double', 'no']);
        expect([other.status[get], me.status[get]]).toEqual(['double', 'no']);
        expect(me.reserved.has(give) || other.reserved.has(get)).toBe(false);
        expect(groupOf(give), `${myDouble} for ${theirNeed}`).toBe(groupOf(get));
        kindsPaired.add(`${kindOfSlot(give)}-${kindOfSlot(get)}`);
      }
      expect(candidate.compatibility).toBeGreaterThanOrEqual(1);
      expect(candidate.compatibility).toBeLessThanOrEqual(100);
    }
    // Every kind paired somewhere; with the switch, base and speciale with each other too.
    expect(kindsPaired).toContain('base-base');
    expect(kindsPaired).toContain('extra-extra');
    if (mixKinds)
      expect(
        [...kindsPaired].some((pair) => pair.includes('base-speciale') || pair.includes('speciale-base')),
      ).toBe(true);
  },
);

test.each([
  ['SQL', 'swaps', false],
  ['the index in memory', 'swaps', true],
  ['SQL', 'missing', false],
  ['the index in memory', 'missing', true],
] as const)(
  "page after page ('Mostra altri'), the search in %s ranked by %s lists everyone the reference does, each once, in its order",
  async (_, rank, indexed) => {
    const next = random(11);
    let paged = 0;
    for (let round = 0; round < 4; round++) {
      const me = collectors[Math.floor(next() * collectors.length)] as Collector;
      const all: number[] = [];
      let after: ReturnType<typeof readMatchCursor> | null = null;
      for (let pages = 0; pages < 20; pages++) {
        const page = await findPotentialMatches(
          orm.em.fork(),
          me.user,
          album.id,
          { radiusKm: 100, rank, after, mixKinds: false },
          indexed ? index : undefined,
        );
        all.push(...page.map((candidate) => candidate.id));
        const last = page.at(-1);
        if (page.length < MATCH_PAGE_SIZE || !last) break;
        paged++;
        // The cursor as the screen makes it from the last card.
        after = readMatchCursor(matchCursorAfter(last));
      }
      const expected = reference(me, 100, rank, Number.POSITIVE_INFINITY).map((candidate) => candidate.id);
      expect(all, `collector ${me.user.nickname} at ${me.cap}`).toEqual(expected);
    }
    // Several full pages were walked, through ties of counts at one point (ordered by id).
    expect(paged).toBeGreaterThan(4);
  },
);

test('a sticker whose kind changes pairs by its new kind at the next search, in the index as in SQL', async () => {
  const em = orm.em.fork();
  const changed = [30, 31, 32, 33, 34, 35, 36, 37, 38, 39];
  const setKind = async (kind: StickerKind) => {
    await em.execute('update sticker set kind = ? where album_id = ? and slot = any(?::int[])', [
      kind,
      album.id,
      `{${changed.join(',')}}`,
    ]);
    for (const slot of changed) kinds[slot] = kind;
  };
  const me = collectors.find(
    (collector) => collector.active && collector.status.includes('double'),
  ) as Collector;
  const counts = async (indexed: boolean) =>
    (
      await findPotentialMatches(
        orm.em.fork(),
        me.user,
        album.id,
        { radiusKm: 50, rank: 'swaps', mixKinds: false },
        indexed ? index : undefined,
      )
    ).map(({ id, swapCount }) => ({ id, swapCount }));
  const expected = () => reference(me, 50, 'swaps').map(({ id, swaps }) => ({ id, swapCount: swaps }));
  const before = expected();
  await setKind('speciale');
  try {
    const after = expected();
    // The change moves some counts: otherwise this test would prove nothing.
    expect(after).not.toEqual(before);
    expect(await counts(true)).toEqual(after);
    expect(await counts(false)).toEqual(after);
  } finally {
    await setKind('base');
  }
  expect(await counts(true)).toEqual(before);
});
