import { expect, test } from 'vitest';
import { greatCircleKm } from '../geo/great-circle.ts';
import { seededRandom as random } from '../seeded-random.ts';
import { AlbumIndex } from './album-index.ts';
import { type ReachQuery, type SwapReach, slotMask, swapReach } from './swap-cycles.ts';

// swapReach against the definitions, one sticker and one pair or triple of collectors at a time, on
// small random albums. Seeded: a failure names its seed.

type Collector = {
  userId: number;
  lat: number;
  lon: number;
  active: boolean;
  owns: boolean[];
  gives: boolean[];
};

const PLACES = [
  { lat: 45.4642, lon: 9.19 },
  { lat: 45.47, lon: 9.2 },
  { lat: 45.55, lon: 9.3 },
  { lat: 45.07, lon: 7.69 },
];

function bytesOf(bits: boolean[], bytes: number) {
  const out = new Uint8Array(bytes);
  bits.forEach((bit, slot) => {
    if (bit) out[slot >> 3] = (out[slot >> 3] as number) | (0x80 >> (slot & 7));
  });
  return out;
}

/** The three shares as the issue states them, by trying every holder, partner and cycle. */
function bruteForce(collectors: Collector[], stickers: number, query: ReachQuery): SwapReach {
  const me = collectors.find((c) => c.userId === query.userId);
  const near = collectors.filter(
    (c) =>
      c.userId !== query.userId &&
      c.active &&
      !query.blocked.has(c.userId) &&
      greatCircleKm(query.latitude, query.longitude, c.lat, c.lon) <= query.radiusKm,
  );
  const slots = Array.from({ length: stickers }, (_, slot) => slot);
  const owns = (c: Collector | undefined, slot: number) => c?.owns[slot] === true;
  const gives = (c: Collector | undefined, slot: number) => c?.gives[slot] === true;
  /** `from` has a free double `to` misses. */
  const fed = new Map<string, boolean>();
  const feeds = (from: Collector | undefined, to: Collector | undefined) => {
    const key = `${from?.userId}>${to?.userId}`;
    if (!fed.has(key))
      fed.set(
        key,
        slots.some((slot) => gives(from, slot) && !owns(to, slot)),
      );
    return fed.get(key) as boolean;
  };
  const reach = { missing: 0, anyHolder: 0, oneToOne: 0, threeWayAdded: 0 };
  for (const slot of slots) {
    if (owns(me, slot)) continue;
    reach.missing++;
    const holders = near.filter((b) => gives(b, slot));
    if (holders.length > 0) reach.anyHolder++;
    const oneToOne = holders.some((b) => feeds(me, b));
    if (oneToOne) reach.oneToOne++;
    else if (holders.some((b) => near.some((c) => c !== b && feeds(me, c) && feeds(c, b))))
      reach.threeWayAdded++;
  }
  return reach;
}

// 14 collectors over four places, and 40 over two (more than 16 partners: the 1:1 swaps may reach
// everything before the rows run out, and the count stops there).
test.each([
  [1, 14],
  [2, 14],
  [3, 14],
  [4, 14],
  [5, 14],
  [6, 14],
  [7, 40],
  [8, 40],
])('three-way reach equals the brute force (seed %i, %i collectors)', (seed, count) => {
  const next = random(seed);
  const stickers = 20 + Math.floor(next() * 60);
  const bytes = Math.ceil(stickers / 256) * 32;
  const index = new AlbumIndex(bytes);
  const collectors: Collector[] = [];
  const places = count > 14 ? PLACES.slice(0, 2) : PLACES;
  for (let userId = 1; userId <= count; userId++) {
    const place = places[Math.floor(next() * places.length)] as (typeof PLACES)[number];
    const completeness = next();
    const owns = Array.from({ length: stickers }, () => next() < completeness);
    const gives = owns.map((owned) => owned && next() < 0.15);
    const collector = { userId, ...place, active: next() < 0.9, owns, gives };
    collectors.push(collector);
    index.put({
      userId,
      active: collector.active,
      latitude: place.lat,
      longitude: place.lon,
      owned: bytesOf(owns, bytes),
      gives: bytesOf(gives, bytes),
    });
  }
  const mask = slotMask(
    Array.from({ length: stickers }, (_, slot) => slot),
    index.words,
  );
  for (const me of collectors) {
    for (const radiusKm of [5, 20, 200]) {
      const query = {
        userId: me.userId,
        latitude: me.lat,
        longitude: me.lon,
        radiusKm,
        blocked: new Set([3]),
      };
      expect(swapReach(index, query, mask), `collector ${me.userId} at ${radiusKm} km`).toEqual(
        bruteForce(collectors, stickers, query),
      );
    }
  }
  // Someone who collects nothing yet misses the whole album, and no 1:1 swap is open to them.
  const newcomer = {
    userId: 999,
    latitude: 45.4642,
    longitude: 9.19,
    radiusKm: 20,
    blocked: new Set<number>(),
  };
  const reach = swapReach(index, newcomer, mask);
  expect(reach).toEqual(bruteForce(collectors, stickers, newcomer));
  expect(reach).toMatchObject({ missing: stickers, oneToOne: 0, threeWayAdded: 0 });
});
