/**
 * `npm run bench:rolling-restart` (issue 35, part 2; issue 43): two app servers on one database with every
 * album in memory, restarted one after the other (SIGTERM, drain, start again) while searches go on, sent
 * by a balancer of our own to the servers in rotation on kept-alive connections, with no retry. Its health
 * check asks each server in rotation for `/api/ready/warm` (`/api/ready` with `BENCH_READY=ready`) every
 * `BENCH_HEALTH_INTERVAL_MS` (1000) and takes out one that does not answer 200: a stopping server answers
 * 503 for `BENCH_DRAIN_DELAY_MS` (DRAIN_DELAY_MS, 5000 as in production) before it stops listening
 * (decision 026). A restarted server comes back once the same path answers 200 (decision 042; with
 * `BENCH_READY=ready` its albums are read at their first searches there, SQL answering meanwhile).
 * `BENCH_DATA_DIR=dir` is a database seeded by `BENCH_SEASON=1 BENCH_DATA_DIR=dir npm run bench:match`
 * (its albums and probes; any `bench:match` database will do); nothing is seeded here.
 * Prints JSON per restart: how long after SIGTERM the balancer took the server out and the process
 * exited, when it was ready and warm, when each album was in memory again (read at its first search there,
 * one at a time), the restarted server's peak RSS and the other's, the rows PostgreSQL returned meanwhile
 * (pg_stat_database) and the albums each server read whole (match_index_album_reads_total), and the
 * searches' count, failures (connection resets counted apart) and latency through the restart.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { startEmbeddedPostgres } from '../src/server/db/embedded-postgres.ts';
import { type AppProcess, startAppProcess } from '../test/support/app-process.ts';
import { percentiles } from './national-album.ts';

const dataDir = process.env.BENCH_DATA_DIR;
if (!dataDir || !fs.existsSync(path.join(dataDir, 'postgres'))) {
  console.error(
    'BENCH_DATA_DIR: a database seeded by BENCH_SEASON=1 BENCH_DATA_DIR=<dir> npm run bench:match',
  );
  process.exit(1);
}
const root = fileURLToPath(new URL('..', import.meta.url));
const METRICS_TOKEN = 'rolling-restart-bench-token';
const READY_PATH = process.env.BENCH_READY === 'ready' ? '/api/ready' : '/api/ready/warm';
const HEALTH_INTERVAL_MS = Number(process.env.BENCH_HEALTH_INTERVAL_MS ?? 1000);
const DRAIN_DELAY_MS = process.env.BENCH_DRAIN_DELAY_MS ?? '5000';
/** Searches in flight at once, as from a few phones. */
const IN_FLIGHT = 2;
const progress = (message: string) => console.error(`${new Date().toISOString()} ${message}`);
const mb = (kb: number) => Math.round(kb / 1024);

const postgres = await startEmbeddedPostgres(dataDir, () => undefined);
const db = new pg.Client({ connectionString: postgres.url });
await db.connect();
const { rows: albums } = await db.query<{ id: number; stickers: number }>(
  "select id, next_slot as stickers from album where name = 'Bench' order by id",
);

/** A server as production runs one (its own process, its own data folder), on the bench's database. */
const start = async (name: string) =>
  startAppProcess(root, {
    NODE_ENV: 'test',
    DATABASE_URL: postgres.url,
    DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), `scambio-rolling-${name}-`)),
    SESSION_SECRET: 'a-rolling-restart-bench-secret-32-chars',
    SEED_DEMO: '0',
    METRICS_TOKEN,
    DRAIN_DELAY_MS,
  });

/** VmRSS of a process, in kB; 0 once it is gone. */
function rssKb(pid: number) {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  } catch {
    return 0;
  }
}

async function metric(app: AppProcess, name: string) {
  const text = await (
    await fetch(`${app.url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })
  ).text();
  const line = text.split('\n').find((l) => l.startsWith(`${name} `));
  return Number(line?.split(' ')[1] ?? Number.NaN);
}

const rowsReturned = async () =>
  Number(
    (
      await db.query<{ rows: string }>(
        'select tup_returned + tup_fetched as rows from pg_stat_database where datname = current_database()',
      )
    ).rows[0]?.rows,
  );

const servers: { name: string; app: AppProcess; inRotation: boolean }[] = [];
for (const name of ['A', 'B']) servers.push({ name, app: await start(name), inRotation: true });

const cookies: string[] = [];
for (let i = 0; i < 3; i++) {
  const response = await fetch(`${servers[0]?.app.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ nickname: `PROBE${i}`, password: 'password1' }),
  });
  if (!response.ok)
    throw new Error(`login PROBE${i}: ${response.status} (a database seeded by bench:match?)`);
  cookies.push((response.headers.get('set-cookie') ?? '').split(';')[0] ?? '');
}

// The balancer: each search to the next server in rotation, on kept-alive connections (fetch's pool); what
// it answers is timed. A failed search is not tried again, so every reset shows.
/** `failure`: the status, or the error, of a search that got no answer. */
type Search = { at: number; ms: number; ok: boolean; failure?: string };
let searches: Search[] = [];
let driving = true;
let turn = 0;
async function drive() {
  while (driving) {
    const album = albums[Math.floor(Math.random() * albums.length)];
    const radius = Math.random() < 0.5 ? 10 : 50;
    const cookie = cookies[Math.floor(Math.random() * cookies.length)] as string;
    const live = servers.filter((server) => server.inRotation);
    const server = live[turn++ % live.length];
    const started = performance.now();
    if (!server) {
      searches.push({ at: started, ms: 0, ok: false, failure: 'no server in rotation' });
      await new Promise((resolve) => setTimeout(resolve, 10));
      continue;
    }
    let ok = false;
    let failure: string | undefined;
    try {
      const response = await fetch(
        `${server.app.url}/api/matches/potential?albumId=${album?.id}&radiusKm=${radius}`,
        { headers: { cookie } },
      );
      await response.arrayBuffer();
      ok = response.ok;
      failure = ok ? undefined : `${server.name}: ${response.status}`;
    } catch (error) {
      failure = `${server.name}: ${String((error as Error & { cause?: Error }).cause ?? error)}`;
    }
    searches.push({ at: started, ms: performance.now() - started, ok, failure });
  }
}
const isReset = (failure: string) =>
  /ECONNRESET|other side closed|socket hang up|UND_ERR_SOCKET/.test(failure);

// The balancer's health check: a server in rotation that does not answer READY_PATH with 200 leaves it.
const takenOutAt = new Map<string, number>();
async function checkHealth() {
  while (driving) {
    await Promise.all(
      servers.map(async (server) => {
        if (!server.inRotation) return;
        const healthy = await fetch(`${server.app.url}${READY_PATH}`).then(
          async (response) => {
            await response.arrayBuffer();
            return response.status === 200;
          },
          () => false,
        );
        if (healthy || !server.inRotation) return;
        server.inRotation = false;
        takenOutAt.set(server.name, performance.now());
      }),
    );
    await new Promise((resolve) => setTimeout(resolve, HEALTH_INTERVAL_MS));
  }
}

/** Until `path` answers 200 on `app`. */
async function untilReady(app: AppProcess, path: string, timeoutMs = 180_000) {
  const started = performance.now();
  while ((await fetch(`${app.url}${path}`)).status !== 200) {
    if (performance.now() - started > timeoutMs) throw new Error(`${path}: not 200 in ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Until `server` has every album in memory, with the time each arrived. */
async function untilAllInMemory(app: AppProcess, since: number, timeoutMs = 180_000) {
  const arrivals: number[] = [];
  for (let seen = 0; seen < albums.length; ) {
    if (performance.now() - since > timeoutMs)
      throw new Error(`not every album in memory in ${timeoutMs} ms`);
    const inMemory = await metric(app, 'match_index_albums');
    for (; seen < inMemory; seen++) arrivals.push(Math.round(performance.now() - since));
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return arrivals;
}

const drivers = [...Array.from({ length: IN_FLIGHT }, drive), checkHealth()];
progress('both servers up: every album in memory on each…');
for (const server of servers) await untilAllInMemory(server.app, performance.now());

const restarts: Record<string, unknown>[] = [];
for (const server of servers) {
  const other = servers.find((s) => s !== server) as (typeof servers)[number];
  progress(`restarting ${server.name}…`);
  const readsBefore = { restarted: 0, other: await metric(other.app, 'match_index_album_reads_total') };
  const rowsBefore = await rowsReturned();
  searches = [];
  const began = performance.now();
  let otherPeak = 0;
  let restartedPeak = 0;
  let restartedPid = 0;
  const sampler = setInterval(() => {
    otherPeak = Math.max(otherPeak, rssKb(other.app.pid));
    if (restartedPid) restartedPeak = Math.max(restartedPeak, rssKb(restartedPid));
  }, 100);
  const rssBefore = rssKb(server.app.pid);
  // SIGTERM while the server is in rotation: the balancer takes it out when its health check says 503.
  takenOutAt.delete(server.name);
  server.app.kill('SIGTERM');
  const exitCode = await server.app.exited;
  const stoppedMs = performance.now() - began;
  const outOfRotationMs = (takenOutAt.get(server.name) ?? Number.NaN) - began;
  server.inRotation = false;
  const closing = server.app
    .output()
    .split('\n')
    .filter((line) => /SIGTERM|chiuso in|"level":(40|50)/.test(line))
    .map((line) => (JSON.parse(line) as { msg: string }).msg);
  server.app = await start(server.name);
  restartedPid = server.app.pid;
  const startedMs = performance.now() - began;
  await untilReady(server.app, READY_PATH);
  server.inRotation = true;
  const readyMs = performance.now() - began;
  const inMemoryMs = await untilAllInMemory(server.app, began);
  clearInterval(sampler);
  const during = searches;
  restarts.push({
    server: server.name,
    exitCode,
    drainDelayMs: Number(DRAIN_DELAY_MS),
    outOfRotationMs: Math.round(outOfRotationMs),
    drainedAndStoppedMs: Math.round(stoppedMs),
    closingLog: closing,
    startedMs: Math.round(startedMs),
    backInRotationMs: Math.round(readyMs),
    albumsInMemoryAgainMs: inMemoryMs,
    restartedRssMB: { before: mb(rssBefore), peakAfter: mb(restartedPeak), end: mb(rssKb(server.app.pid)) },
    otherRssPeakMB: mb(otherPeak),
    albumsReadWhole: {
      restarted: (await metric(server.app, 'match_index_album_reads_total')) - readsBefore.restarted,
      other: (await metric(other.app, 'match_index_album_reads_total')) - readsBefore.other,
    },
    databaseRowsReturned: (await rowsReturned()) - rowsBefore,
    searches: {
      count: during.length,
      failed: during.filter((search) => !search.ok).length,
      failures: during.flatMap(({ ok, failure }) => (ok ? [] : [failure])),
      resets: during.filter(({ failure }) => failure !== undefined && isReset(failure)).length,
      latencyMs: percentiles(during.map((search) => search.ms)),
    },
  });
}
driving = false;
await Promise.all(drivers);
console.log(
  JSON.stringify(
    {
      albums: albums.map(({ stickers }) => stickers),
      backInRotationAt: READY_PATH,
      healthIntervalMs: HEALTH_INTERVAL_MS,
      inFlight: IN_FLIGHT,
      restarts,
    },
    null,
    2,
  ),
);
for (const server of servers) await server.app.stop();
await db.end();
await postgres.stop();
