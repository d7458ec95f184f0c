import { describe, expect, test } from 'vitest';
import { greatCircleKm } from '../geo/great-circle.ts';
import { seededRandom as random } from '../seeded-random.ts';
import { AlbumIndex } from './album-index.ts';
import type { IndexAnswer, IndexCandidate, IndexQuery } from './index-query.ts';

// AlbumIndex against a model of plain arrays: random puts and removes, and after every step searches
// compared with a brute force over the model. Seeded, so a failure names its seed and step and repeats.

type Status = 'no' | 'yes' | 'double';
type Place = { lat: number; lon: number };
type ModelCollector = {
  userId: number;
  place: Place;
  active: boolean;
  status: Status[];
  /** Doubles whose every spare accepted swaps hold: not swappable (docs/decisions/015). */
  reserved: boolean[];
};

const pick = <T>(next: () => number, items: readonly T[]) => items[Math.floor(next() * items.length)] as T;

/** A varbit's bytes as PostgreSQL's varbit_send gives them (after the length): bit 0 is the high bit of byte 0. */
function varbitBytes(bits: readonly boolean[], bytes: number) {
  const out = new Uint8Array(bytes);
  bits.forEach((bit, slot) => {
    if (bit) out[slot >> 3] = (out[slot >> 3] as number) | (0x80 >> (slot & 7));
  });
  return out;
}

const owns = (c: ModelCollector | undefined, slot: number) => c !== undefined && c.status[slot] !== 'no';
const gives = (c: ModelCollector | undefined, slot: number) =>
  c !== undefined && c.status[slot] === 'double' && !c.reserved[slot];

function toRow(collector: ModelCollector, bytes: number) {
  return {
    userId: collector.userId,
    active: collector.active,
    latitude: collector.place.lat,
    longitude: collector.place.lon,
    owned: varbitBytes(
      collector.status.map((s) => s !== 'no'),
      bytes,
    ),
    gives: varbitBytes(
      collector.status.map((_, slot) => gives(collector, slot)),
      bytes,
    ),
  };
}

/** The search as docs/decisions/005 states it, one collector at a time, over the model. */
function bruteForce(model: Map<number, ModelCollector>, slots: number, query: IndexQuery): IndexAnswer {
  const me = model.get(query.userId);
  const range = Array.from({ length: slots }, (_, slot) => slot);
  const candidates: IndexCandidate[] = [];
  for (const other of model.values()) {
    if (other.userId === query.userId || !other.active || query.blocked.has(other.userId)) continue;
    const distanceKm = greatCircleKm(query.latitude, query.longitude, other.place.lat, other.place.lon);
    if (!(distanceKm <= query.radiusKm)) continue;
    const theyGiveSlots = range.filter((slot) => gives(other, slot) && !owns(me, slot));
    const iGiveSlots = range.filter((slot) => gives(me, slot) && !owns(other, slot));
    if (theyGiveSlots.length === 0) continue;
    // Like for like (issue 49, row 3): within each group of kinds that pair, the shorter side's count.
    const kindOf = (slot: number) => query.kindOf?.get(slot) ?? 'base';
    const groups = query.mixKinds ? [['base', 'speciale'], ['extra']] : [['base'], ['speciale'], ['extra']];
    const swaps = groups.reduce((sum, group) => {
      const inGroup = (list: number[]) => list.filter((slot) => group.includes(kindOf(slot))).length;
      return sum + Math.min(inGroup(theyGiveSlots), inGroup(iGiveSlots));
    }, 0);
    candidates.push({
      userId: other.userId,
      distanceKm,
      swaps,
      theyGive: theyGiveSlots.length,
      iGive: iGiveSlots.length,
      theyGiveSlots,
      iGiveSlots,
    });
  }
  candidates.sort(
    (a, b) =>
      b.swaps - a.swaps || b.theyGive - a.theyGive || a.distanceKm - b.distanceKm || a.userId - b.userId,
  );
  return {
    myOwned: range.filter((slot) => owns(me, slot)).length,
    myGives: range.filter((slot) => gives(me, slot)).length,
    candidates: candidates.slice(0, Math.max(0, query.limit)),
  };
}

// Milan and around, plus two far away; two points a few metres apart, so distance ties and near-ties both occur.
const PLACES: Place[] = [
  { lat: 45.4642, lon: 9.19 },
  { lat: 45.4642, lon: 9.19 },
  { lat: 45.46421, lon: 9.19001 },
  { lat: 45.5845, lon: 9.2744 },
  { lat: 45.6983, lon: 9.6773 },
  { lat: 45.1847, lon: 9.1582 },
  { lat: 45.4773, lon: 9.0344 },
  { lat: 41.9028, lon: 12.4964 },
  { lat: 46.0037, lon: 8.9511 },
];
const RADII = [0, 1, 5, 15, 30, 50, 700];
const LIMITS = [1, 2, 3, 5, 50];

function randomStatuses(next: () => number, slots: number): { status: Status[]; reserved: boolean[] } {
  // Some collectors fill most of the album, some hardly start it: both ends of the counts show up.
  const yes = next() * 0.8;
  const double = next() * 0.5;
  const status = Array.from({ length: slots }, (): Status => {
    const r = next();
    return r < double * yes ? 'double' : r < yes ? 'yes' : 'no';
  });
  const reserveShare = next() < 0.3 ? next() : 0;
  const reserved = status.map((s) => s === 'double' && next() < reserveShare);
  return { status, reserved };
}

function runScenario(seed: number, bytes: number, steps: number, population: number) {
  const next = random(seed);
  // The last byte may end with bits no sticker uses yet (capacity ahead of the stickers).
  const slots = bytes * 8 - Math.floor(next() * 8);
  const index = new AlbumIndex(bytes, 1);
  const model = new Map<number, ModelCollector>();
  // Most albums have speciali and extras somewhere (issue 49), scattered here over every word; drawn
  // from a generator of their own, so the collections and queries are those of the seed as before.
  const nextKind = random(seed + 7_919);
  const kindOf = new Map<number, 'speciale' | 'extra'>();
  if (nextKind() < 0.7) {
    for (let slot = 0; slot < slots; slot++) {
      const r = nextKind();
      if (r < 0.15) kindOf.set(slot, 'speciale');
      else if (r < 0.22) kindOf.set(slot, 'extra');
    }
  }
  let nextUserId = 1;
  let searches = 0;
  let listed = 0;

  const check = (step: number, what: string) => {
    expect(index.collections, `seed ${seed}, step ${step} (${what}): collections`).toBe(model.size);
    const ids = [...model.keys()];
    for (let q = 0; q < 4; q++) {
      // Mostly someone in the index, sometimes someone who never marked this album.
      const userId = ids.length > 0 && next() < 0.9 ? pick(next, ids) : nextUserId + 1000;
      const home = model.get(userId)?.place ?? pick(next, PLACES);
      const place = next() < 0.8 ? home : pick(next, PLACES);
      const blocked = new Set(ids.filter(() => next() < 0.1));
      if (next() < 0.2) blocked.add(userId);
      const query: IndexQuery = {
        userId,
        latitude: place.lat,
        longitude: place.lon,
        radiusKm: pick(next, RADII),
        blocked,
        limit: pick(next, LIMITS),
        kindOf,
        mixKinds: nextKind() < 0.5,
      };
      const found = index.search(query);
      const expected = bruteForce(model, slots, query);
      const where = `seed ${seed}, step ${step} (${what}), query ${JSON.stringify({ ...query, blocked: [...blocked], kindOf: [...kindOf] })}`;
      expect(found, where).toEqual(expected);
      // What the brute force promises, said once more on the index's own answer.
      for (const candidate of found.candidates) {
        const other = model.get(candidate.userId) as ModelCollector;
        expect(candidate.userId, where).not.toBe(userId);
        expect(other.active, where).toBe(true);
        expect(blocked.has(candidate.userId), where).toBe(false);
        expect(
          other.status.some((_, slot) => gives(other, slot)),
          where,
        ).toBe(true);
      }
      expect(found.candidates.length, where).toBeLessThanOrEqual(query.limit);
      searches++;
      listed += found.candidates.length;
    }
  };

  const newCollector = (): ModelCollector => ({
    userId: nextUserId++,
    place: pick(next, PLACES),
    active: next() < 0.85,
    ...randomStatuses(next, slots),
  });
  const put = (collector: ModelCollector) => {
    expect(index.put(toRow(collector, bytes))).toBe(true);
    model.set(collector.userId, collector);
  };

  for (let step = 0; step < steps; step++) {
    const ids = [...model.keys()];
    const existing = ids.length > 0 ? (model.get(pick(next, ids)) as ModelCollector) : undefined;
    const r = next();
    let what: string;
    if (!existing || r < (model.size < population ? 0.35 : 0.15)) {
      what = 'new collector';
      put(newCollector());
    } else if (r < 0.45) {
      what = `changed marks of ${existing.userId}`;
      const status = [...existing.status];
      const reserved = [...existing.reserved];
      for (let n = 1 + Math.floor(next() * 4); n > 0; n--) {
        const slot = Math.floor(next() * slots);
        status[slot] = pick(next, ['no', 'yes', 'double'] as const);
        reserved[slot] = status[slot] === 'double' && next() < 0.3;
      }
      put({ ...existing, status, reserved });
    } else if (r < 0.55) {
      what = `whole album of ${existing.userId} again`;
      put({ ...existing, ...randomStatuses(next, slots) });
    } else if (r < 0.67) {
      what = `${existing.userId} moves`;
      put({ ...existing, place: pick(next, PLACES) });
    } else if (r < 0.77) {
      what = `${existing.userId} active ${!existing.active}`;
      put({ ...existing, active: !existing.active });
    } else if (r < 0.82) {
      what = `${existing.userId} unchanged`;
      put({ ...existing });
    } else if (r < 0.95) {
      what = `remove ${existing.userId}`;
      index.remove(existing.userId);
      model.delete(existing.userId);
    } else if (r < 0.97) {
      what = 'remove a stranger';
      index.remove(nextUserId + 5000);
    } else {
      // The album grew (or shrank) since this index was read: refused, and nothing of it kept.
      const wrong =
        bytes +
        pick(
          next,
          [-1, 1, 4, -4].filter((d) => bytes + d >= 0),
        );
      const stranger = next() < 0.5;
      what = `wrong length ${wrong} for ${stranger ? 'a new collector' : existing.userId}`;
      const collector = stranger ? newCollector() : { ...existing, ...randomStatuses(next, slots) };
      const row = toRow(collector, bytes);
      const short = varbitBytes([], wrong);
      expect(index.put({ ...row, owned: short, gives: short }), what).toBe(false);
      expect(index.put({ ...row, owned: short }), what).toBe(false);
      expect(index.put({ ...row, gives: short }), what).toBe(false);
    }
    // As after a whole read: the rows put in place order, the steps after it changing them in place.
    if (step % 50 === 49) {
      index.compact();
      what += ', then compact()';
    }
    check(step, what);
  }
  return { searches, listed, size: model.size };
}

describe('AlbumIndex against a brute force over a model', () => {
  test.each([
    // seed, bytes (words: a partial last word, exactly one, several, a 700-sticker album), steps, population
    [1, 1, 400, 30],
    [2, 3, 400, 40],
    [3, 4, 400, 40],
    [4, 5, 400, 60],
    [5, 9, 500, 80],
    [6, 32, 500, 120],
    [7, 88, 300, 200],
    [8, 2, 600, 25],
  ])('seed %i, %i-byte bitmaps', (seed, bytes, steps, population) => {
    const { searches, listed, size } = runScenario(seed, bytes, steps, population);
    // The random walk must give the comparison something to chew on: collectors, and candidates listed.
    expect(size).toBeGreaterThan(5);
    expect(listed).toBeGreaterThan(searches / 2);
  });
});

describe('AlbumIndex, by hand', () => {
  const MILAN = { latitude: 45.4642, longitude: 9.19 };
  const bits = (slots: number[], bytes: number) =>
    varbitBytes(
      Array.from({ length: bytes * 8 }, (_, slot) => slots.includes(slot)),
      bytes,
    );
  const query = (userId: number, extra: Partial<IndexQuery> = {}): IndexQuery => ({
    userId,
    ...MILAN,
    radiusKm: 10,
    blocked: new Set(),
    limit: 50,
    ...extra,
  });

  test('slot s is bit 7 - s % 8 of byte s / 8, as varbit_send sends it, across word boundaries', () => {
    const index = new AlbumIndex(9);
    const slots = [0, 1, 7, 8, 9, 30, 31, 32, 33, 63, 64, 70, 71];
    expect(
      index.put({ userId: 1, active: true, ...MILAN, owned: bits(slots, 9), gives: bits(slots, 9) }),
    ).toBe(true);
    // The first byte 0b1100_0001: slots 0, 1 and 7.
    expect(bits(slots, 9)[0]).toBe(0b1100_0001);
    const answer = index.search(query(2));
    expect(answer.candidates).toEqual([
      {
        userId: 1,
        distanceKm: 0,
        swaps: 0,
        theyGive: slots.length,
        iGive: 0,
        theyGiveSlots: slots,
        iGiveSlots: [],
      },
    ]);
  });

  test('me, the inactive, the blocked, the far and those without a swappable double are never listed', () => {
    const index = new AlbumIndex(2);
    const row = (userId: number, extra: object = {}) => ({
      userId,
      active: true,
      ...MILAN,
      owned: bits([1, 2, 3], 2),
      gives: bits([2, 3], 2),
      ...extra,
    });
    index.put(row(1, { owned: bits([], 2), gives: bits([], 2) }));
    index.put(row(2));
    index.put(row(3, { active: false }));
    index.put(row(4));
    index.put(row(5, { latitude: 41.9028, longitude: 12.4964 }));
    index.put(row(6, { gives: bits([], 2) }));
    // Their only double is one I own.
    index.put(row(7, { gives: bits([9], 2) }));
    index.put(row(1, { owned: bits([9], 2), gives: bits([], 2) }));
    expect(index.search(query(1, { blocked: new Set([4]) })).candidates.map((c) => c.userId)).toEqual([2]);
    // Collector 4 gives only what 2 owns.
    expect(index.search(query(2)).candidates.map((c) => c.userId)).toEqual([7]);
    // Deactivated, active again.
    index.put(row(2, { active: false }));
    expect(index.search(query(1)).candidates.map((c) => c.userId)).toEqual([4]);
    index.put(row(2));
    expect(index.search(query(1)).candidates.map((c) => c.userId)).toEqual([2, 4]);
    index.remove(2);
    expect(index.search(query(1)).candidates.map((c) => c.userId)).toEqual([4]);
    expect(index.collections).toBe(6);
    // Real rows give only what they own, which keeps me out by itself; the index does not lean on that.
    index.put(row(1, { owned: bits([], 2), gives: bits([12], 2) }));
    expect(index.search(query(1)).candidates.map((c) => c.userId)).toEqual([4, 7]);
  });

  test('a row keeps its place among the rows of its point when another leaves (dense rows)', () => {
    const index = new AlbumIndex(1);
    for (let userId = 1; userId <= 40; userId++)
      index.put({
        userId,
        active: true,
        latitude: MILAN.latitude + (userId % 3) * 0.01,
        longitude: MILAN.longitude,
        owned: bits([userId % 8], 1),
        gives: bits([userId % 8], 1),
      });
    for (const userId of [1, 40, 17, 2, 39, 3]) index.remove(userId);
    const ids = index
      .search(query(999, { limit: 100 }))
      .candidates.map((c) => c.userId)
      .sort((a, b) => a - b);
    expect(ids).toEqual(
      Array.from({ length: 40 }, (_, i) => i + 1).filter((id) => ![1, 40, 17, 2, 39, 3].includes(id)),
    );
  });
});
