/**
 * `npm run bench:match`: the match search at national scale, on a throwaway embedded database.
 * 100,000 collectors of one 700-sticker album, spread over real CAPs in proportion to population, each
 * owning about 55% of the album with about a fifth of those doubled. `BENCH_SEASON=1`: a season on one
 * server instead (issue 35): 980 stickers × 1,000,000 collectors, 720 × 1,000,000 (the same people) and
 * 400 × 200,000. Each album ends in 60 speciali and 20 extras, paired like for like (issue 49). Prints JSON: seeding time, database size, how long the server takes to answer a search
 * after its start (from SQL while the album is not in memory), the process's RSS, and per album the
 * latency of GET /api/matches/potential (the real procedure, over HTTP) for collectors in central Milan,
 * central Rome and a small town, at 10 and 50 km, with the index's part of it by phase (sync, scan,
 * describe, the wait for its thread). `BENCH_DATA_DIR=dir`: the database lives there and is
 * kept; a later run with the same albums and dir searches it without seeding again. `BENCH_SAMPLES`: timed
 * searches per probe (100). Each probe also times 'Mostra altri', the page after the first one's last card
 * (`nextPage`).
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { matchCursorAfter } from '../src/rpc/schemas/match-cursor.ts';
import { MATCH_PAGE_SIZE } from '../src/rpc/schemas/matches-limits.ts';
import { startEmbeddedPostgres } from '../src/server/db/embedded-postgres.ts';
import { loadEnv } from '../src/server/env.ts';
import { type RunningServer, startServer } from '../src/server/server.ts';
import { type NationalAlbum, percentiles } from './national-album.ts';

const ALBUMS =
  process.env.BENCH_SEASON === '1'
    ? [
        { stickers: 980, collectors: 1_000_000 },
        { stickers: 720, collectors: 1_000_000 },
        { stickers: 400, collectors: 200_000 },
      ]
    : [{ stickers: 700, collectors: Number(process.env.BENCH_COLLECTORS ?? 100_000) }];
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 100);
const PROBES = [
  { name: 'Milano centro', cap: '20121' },
  { name: 'Roma centro', cap: '00186' },
  // 08020 is shared by 21 comuni: registration asks which one (docs/cap-data.md).
  { name: 'Piccolo comune (Ollolai, NU)', cap: '08020', comune: '091056' },
];
type Candidate = { id: number; swapCount: number; theyCanGive: number };
const progress = (message: string) => console.error(`${new Date().toISOString()} ${message}`);

const keptDir = process.env.BENCH_DATA_DIR;
const dataDir = keptDir ?? (await fs.mkdtemp(path.join(os.tmpdir(), 'scambio-bench-match-')));
await fs.mkdir(dataDir, { recursive: true });
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
  // The cluster stops in `finally` whatever went wrong: its goodbye must not hide the error that did.
  db.on('error', () => undefined);
  await db.connect();

  const seededBefore = await db.query<NationalAlbum>(
    `select a.id as "albumId", a.next_slot as stickers, a.slot_capacity as capacity from album a
      where a.name = 'Bench' order by a.id`,
  );
  const cookies: string[] = [];
  for (const [i, probe] of PROBES.entries()) {
    const { cap, comune } = probe;
    const seeded = seededBefore.rows.length > 0;
    const body = JSON.stringify(
      seeded
        ? { nickname: `PROBE${i}`, password: 'password1' }
        : { nickname: `PROBE${i}`, password: 'password1', cap, comune, birthYear: 1980, birthMonth: 1 },
    );
    const response = await fetch(`${registering.url}/api/auth/${seeded ? 'login' : 'register'}`, {
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
  let albums = seededBefore.rows;
  if (albums.length === 0) {
    progress(`seeding ${JSON.stringify(ALBUMS)}…`);
    const seeder = spawn(
      process.execPath,
      [
        fileURLToPath(new URL('./seed-albums.ts', import.meta.url)),
        postgres.url,
        JSON.stringify(ALBUMS),
        JSON.stringify(PROBES.map((_, i) => `PROBE${i}`)),
      ],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    let seededJson = '';
    seeder.stdout.on('data', (chunk: Buffer) => {
      seededJson += chunk.toString();
    });
    const [code] = (await once(seeder, 'exit')) as [number];
    if (code !== 0) throw new Error(`seeding failed (${code})`);
    albums = JSON.parse(seededJson) as NationalAlbum[];
  }
  const seedMs = performance.now() - seedStarted;
  // Like a real album's end (issue 49): its last 80 stickers are not base, 60 speciali then 20 extra, so
  // the search pairs like for like (a database seeded before this line gets them too).
  await db.query(
    `update sticker s set kind = case when s.slot >= a.next_slot - 20 then 'extra'
                                     when s.slot >= a.next_slot - 80 then 'speciale' else 'base' end
       from album a where a.id = s.album_id and a.name = 'Bench'`,
  );
  const size = await db.query<{ size: string; collection: string }>(
    "select pg_size_pretty(pg_database_size(current_database())) as size, pg_size_pretty(pg_total_relation_size('collection')) as collection",
  );

  let rssPeak = 0;
  const rssSampler = setInterval(() => {
    rssPeak = Math.max(rssPeak, process.memoryUsage().rss);
  }, 100);
  const mb = (bytes: number) => Math.round(bytes / 2 ** 20);
  progress('starting the server on the seeded database…');
  const started = performance.now();
  server = await startServer(env);
  const startMs = performance.now() - started;
  // Ready: the first search answered, whoever answers it (SQL while its album is not in memory).
  const firstUrl = `${server.url}/api/matches/potential?albumId=${albums[0]?.albumId}&radiusKm=10`;
  const first = await fetch(firstUrl, { headers: { cookie: cookies[0] as string } });
  await first.arrayBuffer();
  if (!first.ok) throw new Error(`first search failed: ${first.status}`);
  const readyMs = performance.now() - started;

  // What any signed-in request costs here (session, routing, JSON): the floor under every search.
  const baseline: number[] = [];
  for (let s = 0; s < SAMPLES + 5; s++) {
    const started = performance.now();
    const response = await fetch(`${server.url}/api/auth/me`, { headers: { cookie: cookies[0] as string } });
    await response.arrayBuffer();
    if (s >= 5) baseline.push(performance.now() - started);
  }

  /** SAMPLES searches of one URL, timed; the last answer's body. */
  const timed = async (url: string, headers: Record<string, string>) => {
    const samples: number[] = [];
    let responseBytes = 0;
    let body: unknown;
    for (let s = 0; s < SAMPLES; s++) {
      const started = performance.now();
      const response = await fetch(url, { headers });
      const bytes = await response.arrayBuffer();
      if (!response.ok) throw new Error(`search failed: ${response.status}`);
      samples.push(performance.now() - started);
      responseBytes = Math.max(responseBytes, bytes.byteLength);
      if (s === SAMPLES - 1) body = JSON.parse(Buffer.from(bytes).toString());
    }
    return { samples, responseBytes, body };
  };

  const results: Record<string, unknown>[] = [];
  for (const album of albums) {
    const { albumId } = album;
    progress(`album of ${album.stickers} stickers: searching…`);
    // The first search asks for the album (SQL answers meanwhile); searches are timed once it is read.
    const asked = performance.now();
    await (
      await fetch(`${server.url}/api/matches/potential?albumId=${albumId}&radiusKm=10`, {
        headers: { cookie: cookies[0] as string },
      })
    ).arrayBuffer();
    const index = await server.matchIndex.loaded(albumId);
    const inMemoryMs = performance.now() - asked;
    const searches: Record<string, unknown> = {};
    for (const [i, probe] of PROBES.entries()) {
      for (const radiusKm of [10, 50]) {
        const url = `${server.url}/api/matches/potential?albumId=${albumId}&radiusKm=${radiusKm}`;
        const headers = { cookie: cookies[i] as string };
        let candidates = 0;
        for (let w = 0; w < 5; w++)
          candidates = ((await (await fetch(url, { headers })).json()) as unknown[]).length;
        server.matchIndex.takeSearchTimes();
        const { samples, responseBytes, body } = await timed(url, headers);
        const times = server.matchIndex.takeSearchTimes();
        // 'Mostra altri': the page after the first one's last card, as the screen asks it.
        const page = body as Candidate[];
        const last = page.length === MATCH_PAGE_SIZE ? page.at(-1) : undefined;
        const next = last ? await timed(`${url}&cursor=${matchCursorAfter(last)}`, headers) : undefined;
        const { rows: nearby } = await db.query<{ count: string }>(
          `select count(*) from collection c, app_user me where me.nickname = $1 and c.album_id = $3 and c.user_id <> me.id
             and 2 * 6371.0088 * asin(least(1, sqrt(power(sin(radians(c.latitude - me.latitude) / 2), 2)
               + cos(radians(me.latitude)) * cos(radians(c.latitude)) * power(sin(radians(c.longitude - me.longitude) / 2), 2)))) <= $2`,
          [`PROBE${i}`, radiusKm, albumId],
        );
        searches[`${probe.name} ${radiusKm} km`] = {
          collectorsInRadius: Number(nearby[0]?.count ?? 0),
          candidatesReturned: candidates,
          latencyMs: percentiles(samples),
          // The index's part of it (match_index_search_seconds): where the time goes.
          indexMs: Object.fromEntries(
            (['sync', 'scan', 'describe', 'thread'] as const).map((phase) => {
              const { p50, p95 } = percentiles(times.map((time) => time[phase]));
              return [phase, { p50, p95 }];
            }),
          ),
          responseBytes,
          nextPage: next && {
            candidatesReturned: (next.body as unknown[]).length,
            latencyMs: percentiles(next.samples),
          },
        };
      }
    }
    results.push({
      stickers: album.stickers,
      collectors: index.collections,
      matchIndex: {
        inMemoryAfterFirstSearchMs: Math.round(inMemoryMs),
        readMs: index.ms,
        arraysMB: mb(index.memoryBytes),
        workerHeapMB: mb(index.heapBytes),
        processRssMB: mb(process.memoryUsage().rss),
      },
      searches,
    });
  }
  clearInterval(rssSampler);
  await db.end();
  console.log(
    JSON.stringify(
      {
        albums: ALBUMS,
        seedMs: seededBefore.rows.length > 0 ? 'seeded by an earlier run' : Math.round(seedMs),
        databaseSize: size.rows[0]?.size,
        collectionTableSize: size.rows[0]?.collection,
        server: {
          startMs: Math.round(startMs),
          firstSearchAnsweredMs: Math.round(readyMs),
          processRssMB: mb(process.memoryUsage().rss),
          processRssPeakMB: mb(Math.max(rssPeak, process.memoryUsage().rss)),
        },
        signedInRequestMs: percentiles(baseline),
        albumResults: results,
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
  } else if (keptDir) {
    await postgres.stop();
  } else {
    await postgres.stop();
    await fs.rm(dataDir, { recursive: true, force: true });
  }
}
