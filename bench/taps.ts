/**
 * `npm run bench:taps`: sticker taps per second, on a throwaway embedded database and the real server.
 * One 700-sticker album and 200 collectors with real sessions (rows in user_session, cookies sealed with
 * the server's secret; written in SQL because registering through the API is throttled and hashes
 * passwords). The taps are the web client's call, tRPC `collection.setStatus`, sent from a worker thread
 * (bench/tap-load.ts) over keep-alive connections:
 * - A: 50 collectors tapping random stickers with random statuses as fast as they can;
 * - B: the same with 200;
 * - C: a fixed 300 taps a second spread over 50 collectors (latency counted from when each was due);
 * - fastEntry: one collector's fast entry of 100 numbers (`collection.setStatusInBulk`), one after the
 *   other, FAST_ENTRY_RUNS times, alternating 'double' and 'yes' so every entry changes all 100.
 * Each phase lasts BENCH_SECONDS (20); BENCH_PHASES (e.g. `concurrent50,fixedRate`) runs only those.
 * Prints JSON: writes/s, latency percentiles, errors, CPU use, and whether every collector's last answer
 * per sticker is what the database holds afterwards (A and B).
 */
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import pg from 'pg';
import { sealSessionCookie } from '../src/server/auth/session-cookie.ts';
import { SESSION_TTL_SECONDS } from '../src/server/auth/sessions.ts';
import { startEmbeddedPostgres } from '../src/server/db/embedded-postgres.ts';
import { loadEnv } from '../src/server/env.ts';
import { startServer } from '../src/server/server.ts';
import type { LoadPhase, LoadResult, LoadTarget } from './tap-load.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const PHASES = (process.env.BENCH_PHASES ?? 'concurrent50,concurrent200,fixedRate,fastEntry').split(',');
const STICKERS = 700;
const COLLECTORS = 200;
const FIXED_RATE = 300;
const PAUSE_MS = 2000;
const FAST_ENTRY_NUMBERS = 100;
const FAST_ENTRY_RUNS = Number(process.env.FAST_ENTRY_RUNS ?? 200);

function percentiles(samples: number[]) {
  const sorted = Float64Array.from(samples).sort();
  const at = (q: number) =>
    Number((sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0).toFixed(2));
  return { p50: at(0.5), p975: at(0.975), p99: at(0.99), max: at(1) };
}

/** Busy and total jiffies of the whole machine (server, PostgreSQL and load together). */
async function machineCpu() {
  const line = (await fs.readFile('/proc/stat', 'utf8')).split('\n')[0] ?? '';
  const fields = line.trim().split(/\s+/).slice(1).map(Number);
  const idle = (fields[3] ?? 0) + (fields[4] ?? 0);
  const total = fields.reduce((sum, value) => sum + value, 0);
  return { busy: total - idle, total };
}

/** CPU ticks (100 a second) used so far by each process of the PostgreSQL cluster, from /proc. */
async function postgresTicks() {
  const pidFile = await fs.readFile(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8');
  const postmaster = Number(pidFile.split('\n')[0]);
  const ticks = new Map<string, number>();
  for (const entry of await fs.readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = await fs.readFile(`/proc/${entry}/stat`, 'utf8').catch(() => '');
    // Fields after the command name: state ppid … utime (12th) stime (13th).
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    if (Number(entry) === postmaster || Number(fields[1]) === postmaster)
      ticks.set(entry, Number(fields[11]) + Number(fields[12]));
  }
  return ticks;
}

/** CPU seconds the cluster used between two readings (a process that ended meanwhile is not counted). */
function postgresSecondsBetween(before: Map<string, number>, after: Map<string, number>) {
  let ticks = 0;
  for (const [pid, now] of after) ticks += now - (before.get(pid) ?? 0);
  return ticks / 100;
}

/** The load's worker thread (bench/tap-load.ts): one for every phase, so its code stays warm. */
function startLoad(target: LoadTarget) {
  const worker = new Worker(new URL('./tap-load.ts', import.meta.url), { workerData: target });
  return {
    run(phase: LoadPhase): Promise<LoadResult> {
      return new Promise((resolve, reject) => {
        worker.once('error', reject);
        worker.once('message', (result: LoadResult) => {
          worker.off('error', reject);
          resolve(result);
        });
        worker.postMessage(phase);
      });
    },
    close: () => worker.postMessage('close'),
  };
}

/** Fast entry of FAST_ENTRY_NUMBERS numbers, FAST_ENTRY_RUNS times in a row (after 10 not counted). */
async function fastEntry(cookie: string, albumId: number) {
  const numbers = `1-${FAST_ENTRY_NUMBERS}`;
  const latencies: number[] = [];
  let errors = 0;
  let postgresBefore = await postgresTicks();
  let processBefore = process.cpuUsage();
  for (let run = -10; run < FAST_ENTRY_RUNS; run += 1) {
    if (run === 0) {
      postgresBefore = await postgresTicks();
      processBefore = process.cpuUsage();
    }
    const started = performance.now();
    const response = await fetch(`${server.url}/trpc/collection.setStatusInBulk?batch=1`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify({ 0: { albumId, numbers, status: run % 2 === 0 ? 'double' : 'yes' } }),
    });
    const [answer] = (await response.json()) as [{ result?: { data: { updated: number } } }];
    if (answer?.result?.data.updated !== FAST_ENTRY_NUMBERS) errors += 1;
    if (run >= 0) latencies.push(performance.now() - started);
  }
  const processCpu = process.cpuUsage(processBefore);
  const postgresSeconds = postgresSecondsBetween(postgresBefore, await postgresTicks());
  return {
    numbers: FAST_ENTRY_NUMBERS,
    runs: FAST_ENTRY_RUNS,
    errors,
    latencyMs: percentiles(latencies),
    // CPU per entry, less disturbed than the latency by whatever else the machine runs.
    cpuMsPerEntry: {
      nodeProcess: Number(((processCpu.user + processCpu.system) / 1000 / FAST_ENTRY_RUNS).toFixed(2)),
      postgres: Number(((postgresSeconds * 1000) / FAST_ENTRY_RUNS).toFixed(2)),
    },
  };
}

const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'scambio-bench-taps-'));
await fs.chmod(dataDir, 0o755);
const postgres = await startEmbeddedPostgres(dataDir, () => undefined);
const sessionSecret = crypto.randomBytes(32).toString('hex');
const env = loadEnv({
  NODE_ENV: 'test',
  PORT: '0',
  DATA_DIR: dataDir,
  DATABASE_URL: postgres.url,
  SESSION_SECRET: sessionSecret,
  SEED_DEMO: '0',
  LOG_LEVEL: 'silent',
});
const server = await startServer(env);
const db = new pg.Client({ connectionString: postgres.url });
await db.connect();
try {
  const { rows: albums } = await db.query<{ id: number }>(
    `insert into album (name, year, position, next_slot, slot_capacity, created_at)
     values ('Bench', 2026, 0, $1, $2, now()) returning id`,
    [STICKERS, Math.ceil(STICKERS / 256) * 256],
  );
  const albumId = albums[0]?.id as number;
  const { rows: stickers } = await db.query<{ id: number }>(
    `insert into sticker (album_id, number, name, slot)
     select $1, g::text, 'Figurina ' || g, g - 1 from generate_series(1, $2) g returning id`,
    [albumId, STICKERS],
  );
  // Logged in just now, as after a login: the 'last access' write is not due during the run.
  const { rows: users } = await db.query<{ id: number }>(
    `insert into app_user (nickname, password_hash, cap, latitude, longitude, raggio_km, trial_ends_at, created_at, last_login_at)
     select 'TAP' || g, 'x', '20121', 45.4668, 9.1905, 10, now(), now(), now() from generate_series(1, $1) g
     returning id`,
    [COLLECTORS],
  );
  const cookies: string[] = [];
  for (const { id } of users) {
    const sessionId = crypto.randomBytes(32).toString('base64url');
    await db.query(
      `insert into user_session (id, user_id, created_at, expires_at)
       values ($1, $2, now(), now() + make_interval(secs => $3))`,
      [sessionId, id, SESSION_TTL_SECONDS],
    );
    cookies.push(`sf_session=${await sealSessionCookie(sessionSecret, sessionId, id)}`);
  }
  const stickerIds = stickers.map((sticker) => sticker.id);
  const load = startLoad({ url: server.url, cookies, stickerIds });

  /**
   * How many of the collectors' last answers (per sticker) differ from what the database holds now:
   * compared in SQL, so the check leaves no large heap behind for the next phase to collect.
   */
  async function answersNotHeld(answers: Record<string, string>[]) {
    const told = answers.flatMap((mine, collector) =>
      Object.entries(mine).map(([stickerId, state]) => [users[collector]?.id, Number(stickerId), state]),
    );
    const { rows } = await db.query<{ wrong: string }>(
      `select count(*) as wrong
         from jsonb_to_recordset($1::jsonb) as told(user_id int, sticker_id int, state text)
         join sticker s on s.id = told.sticker_id
         left join collection c on c.user_id = told.user_id and c.album_id = s.album_id
         left join sticker_spare sp on sp.user_id = told.user_id and sp.sticker_id = s.id
        where told.state is distinct from
              case when c.owned is null or substring(c.owned from s.slot + 1 for 1) = '0' then 'no'
                   when substring(c.doubles from s.slot + 1 for 1) = '0' then 'yes'
                   else 'double:' || coalesce(sp.spares, 1) end`,
      [JSON.stringify(told.map(([user_id, sticker_id, state]) => ({ user_id, sticker_id, state })))],
    );
    return Number(rows[0]?.wrong);
  }

  async function measure(phase: LoadPhase) {
    const cpuBefore = await machineCpu();
    const postgresBefore = await postgresTicks();
    const processBefore = process.cpuUsage();
    const serverThreadBefore = process.threadCpuUsage();
    const loopBefore = performance.eventLoopUtilization();
    const result = await load.run(phase);
    const cpuAfter = await machineCpu();
    const processCpu = process.cpuUsage(processBefore);
    const serverThreadCpu = process.threadCpuUsage(serverThreadBefore);
    const loop = performance.eventLoopUtilization(loopBefore);
    const postgresSeconds = postgresSecondsBetween(postgresBefore, await postgresTicks());
    const seconds = result.elapsedMs / 1000;
    return {
      ...phase,
      writesPerSecond: Math.round(result.ok / seconds),
      taps: result.ok,
      errors: Object.values(result.errors).reduce((sum, count) => sum + count, 0),
      errorKinds: result.errors,
      latencyMs: percentiles(result.latencies),
      ...(result.answers ? { answersNotHeld: await answersNotHeld(result.answers) } : {}),
      // CPU use during the phase, one core = 100 (this machine's whole is 100 × cores): everything, the
      // Node process (server, load, garbage collector), the server's event loop thread (its CPU, and how
      // much of the time the loop was busy: running or waiting for a core), the load's own thread, and
      // PostgreSQL. `machine` well above node + postgres means something else was running.
      cpu: {
        machinePercent: Math.round(
          (100 * os.availableParallelism() * (cpuAfter.busy - cpuBefore.busy)) /
            (cpuAfter.total - cpuBefore.total),
        ),
        nodeProcessPercent: Math.round((processCpu.user + processCpu.system) / 10 / result.elapsedMs),
        serverThreadPercent: Math.round(
          (serverThreadCpu.user + serverThreadCpu.system) / 10 / result.elapsedMs,
        ),
        serverLoopBusyPercent: Math.round(100 * loop.utilization),
        loadThreadPercent: Math.round((100 * result.clientCpuMs) / result.elapsedMs),
        postgresPercent: Math.round((100_000 * postgresSeconds) / result.elapsedMs),
      },
    };
  }

  // Warm-up (JIT, connection pools, caches), not reported.
  await load.run({ concurrency: 50, seconds: Math.min(3, SECONDS) });
  const plans: Record<string, LoadPhase> = {
    concurrent50: { concurrency: 50, seconds: SECONDS },
    concurrent200: { concurrency: COLLECTORS, seconds: SECONDS },
    fixedRate: { rate: FIXED_RATE, seconds: SECONDS },
  };
  const phases: Record<string, unknown> = {};
  for (const [name, phase] of Object.entries(plans)) {
    if (!PHASES.includes(name)) continue;
    // A pause first, so the aftermath of the phase before (its garbage, autovacuum after thousands of
    // updates) is not counted in this one.
    await new Promise((resolve) => setTimeout(resolve, PAUSE_MS));
    phases[name] = await measure(phase);
  }
  load.close();
  if (PHASES.includes('fastEntry')) phases.fastEntry = await fastEntry(cookies.at(-1) as string, albumId);
  console.log(
    JSON.stringify(
      {
        stickers: STICKERS,
        collectors: COLLECTORS,
        cores: os.availableParallelism(),
        phases,
      },
      null,
      2,
    ),
  );
} finally {
  await db.end();
  await server.close();
  await postgres.stop();
  await fs.rm(dataDir, { recursive: true, force: true });
}
