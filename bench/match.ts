/**
 * `npm run bench:match`: the match search at national scale, on a throwaway embedded database.
 * 100,000 collectors of one 700-sticker album, spread over real CAPs in proportion to population, each
 * owning about 55% of the album with about a fifth of those doubled. Prints JSON: seeding time, database
 * size, and the latency of GET /api/matches/potential (the real procedure, over HTTP) for collectors in
 * central Milan, central Rome and a small town, at 10 and 50 km.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { startEmbeddedPostgres } from '../src/server/db/embedded-postgres.ts';
import { loadEnv } from '../src/server/env.ts';
import { type RunningServer, startServer } from '../src/server/server.ts';
import { giveCollection, percentiles, seedNationalAlbum } from './national-album.ts';

const COLLECTORS = Number(process.env.BENCH_COLLECTORS ?? 100_000);
const STICKERS = 700;
const SAMPLES = 100;
const PROBES = [
  { name: 'Milano centro', cap: '20121' },
  { name: 'Roma centro', cap: '00186' },
  // 08020 is shared by 21 comuni: registration asks which one (docs/cap-data.md).
  { name: 'Piccolo comune (Ollolai, NU)', cap: '08020', comune: '091056' },
];

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
  const album = await seedNationalAlbum(db, { stickers: STICKERS, collectors: COLLECTORS });
  const { albumId } = album;
  for (const [i] of PROBES.entries()) await giveCollection(db, `PROBE${i}`, album);
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
