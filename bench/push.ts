/**
 * `npm run bench:push`: the alerts' Web Push (issue 33), from a swap proposal's commit to the push service,
 * on a throwaway embedded database and the real server. The push service is test/support/push-service.ts
 * in a worker thread (bench/push-receiver.ts): it checks VAPID and decrypts every message, as Google's and
 * the browser would. BENCH_PAIRS proposers each have a match with a recipient who has one or two
 * subscribed devices (bench/push-seed.ts), and the phases (bench/push-phases.ts) are:
 * - latency: BENCH_PROPOSALS (200) proposals one at a time, BENCH_RATE (20) a second; each push's time
 *   from its proposal's 201 (the commit is just before) to the service's decrypted message;
 * - proposalBurst: BENCH_BURST (200) proposals from 8 clients at once, and how fast their pushes follow;
 * - pushJobs: BENCH_PUSHES (2000) `push_send` jobs for as many devices added in one statement: jobs
 *   queued a second, and pushes received a second until all have arrived;
 * - alertJobs: BENCH_ALERTS (1000) `alert` jobs for the open proposals, the same way: the two hops
 *   (alert → a push job per device → push) at full speed.
 * A phase waits at most BENCH_WAIT_S (60) seconds for its pushes, then counts the missing ones;
 * BENCH_PHASES (e.g. `pushJobs,alertJobs`) runs only those.
 * Prints one JSON object, with the CPU each phase used (machine, the server's thread, the push service's
 * thread, PostgreSQL; one core = 100).
 */
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import pg from 'pg';
import { startEmbeddedPostgres } from '../src/server/db/embedded-postgres.ts';
import { loadEnv } from '../src/server/env.ts';
import { type RunningServer, startServer } from '../src/server/server.ts';
import type { PushSubscriptionJson } from '../test/support/push-service.ts';
import { startCpuCount } from './cpu-use.ts';
import {
  type Arrivals,
  alertJobs,
  burstPhase,
  latencyPhase,
  type PhaseContext,
  type Proposal,
  pushJobs,
  queuedPhase,
  queueSettled,
} from './push-phases.ts';
import type { Arrival, ReceiverMessage, ReceiverRequest, ReceiverUsage } from './push-receiver.ts';
import { SLOTS, seedAlbum, seedDevices, seedPairs } from './push-seed.ts';

const knob = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const PROPOSALS = knob('BENCH_PROPOSALS', 200);
const RATE = knob('BENCH_RATE', 20);
const BURST = knob('BENCH_BURST', 200);
const BURST_IN_FLIGHT = 8;
const PUSHES = knob('BENCH_PUSHES', 2000);
const ALERTS = knob('BENCH_ALERTS', 1000);
const WAIT_MS = knob('BENCH_WAIT_S', 60) * 1000;
const WARM_UP = 10;
const PHASES = (process.env.BENCH_PHASES ?? 'latency,proposalBurst,pushJobs,alertJobs').split(',');
const runs = (phase: string) => PHASES.includes(phase);
/** By default two proposals per pair: a pair may have SLOTS (the limit of open proposals per pair). */
const PAIRS = knob('BENCH_PAIRS', Math.ceil((WARM_UP + PROPOSALS + BURST) / 2));
if (PAIRS * SLOTS < WARM_UP + PROPOSALS + BURST) throw new Error('BENCH_PAIRS too small for the proposals');

type Reply<T extends ReceiverMessage['type']> = Extract<ReceiverMessage, { type: T }>;

/** The push service's thread: requests answered in order, arrivals gathered for the phase that asks. */
function startReceiver() {
  const worker = new Worker(new URL('./push-receiver.ts', import.meta.url));
  const replies = new Map<string, { resolve: (message: never) => void; reject: (error: Error) => void }>();
  let gathered: Arrival[] = [];
  let wake: () => void = () => undefined;
  worker.on('message', (message: ReceiverMessage) => {
    if (message.type !== 'arrivals') {
      replies.get(message.type)?.resolve(message as never);
      replies.delete(message.type);
      return;
    }
    gathered.push(...message.arrivals);
    wake();
  });
  let ended: Error | undefined;
  const end = (error: Error) => {
    ended ??= error;
    for (const reply of replies.values()) reply.reject(error);
    replies.clear();
  };
  worker.on('error', end);
  worker.on('exit', () => end(new Error('the push service thread has ended')));
  const reply = <T extends ReceiverMessage['type']>(type: T) =>
    new Promise<Reply<T>>((resolve, reject) =>
      ended ? reject(ended) : replies.set(type, { resolve, reject }),
    );
  const ask = <T extends ReceiverMessage['type']>(request: ReceiverRequest, type: T) => {
    const answer = reply(type);
    worker.postMessage(request);
    return answer;
  };
  return {
    ready: reply('ready'),
    expectVapidKey: (key: string) => worker.postMessage({ type: 'expectVapidKey', key }),
    subscribe: async (count: number): Promise<PushSubscriptionJson[]> =>
      (await ask({ type: 'subscribe', count }, 'subscriptions')).subscriptions,
    usage: (): Promise<ReceiverUsage> => ask({ type: 'usage' }, 'usage'),
    /** From now on, arrivals go to a new list (the one of the phase starting). */
    collect(belongs: (arrival: Arrival) => boolean): Arrivals {
      const all: Arrival[] = [];
      gathered = all;
      // Each arrival is judged as it comes; one not (yet) this phase's is judged again at the next look, as
      // its proposal's 201 may not have been read yet. Looking stays cheap while thousands arrive.
      const mine: Arrival[] = [];
      let others: Arrival[] = [];
      let judged = 0;
      const list = () => {
        const fresh = [...others, ...all.slice(judged)];
        judged = all.length;
        others = [];
        for (const arrival of fresh) (belongs(arrival) ? mine : others).push(arrival);
        return mine;
      };
      return {
        list,
        until: (count, timeoutMs) =>
          new Promise<void>((resolve) => {
            const timer = setTimeout(resolve, timeoutMs);
            wake = () => {
              if (list().length < count) return;
              clearTimeout(timer);
              resolve();
            };
            wake();
          }),
      };
    },
    close: async () => {
      await ask({ type: 'close' }, 'closed').catch(() => undefined);
      await worker.terminate();
    },
  };
}

const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'scambio-bench-push-'));
await fs.chmod(dataDir, 0o755);
const loadBefore = os.loadavg();
const receiver = startReceiver();
let postgres: Awaited<ReturnType<typeof startEmbeddedPostgres>> | undefined;
let server: RunningServer | undefined;
let database: pg.Client | undefined;
try {
  const { host } = await receiver.ready;
  postgres = await startEmbeddedPostgres(dataDir, () => undefined);
  const secret = crypto.randomBytes(32).toString('hex');
  const env = loadEnv({
    NODE_ENV: 'test',
    PORT: '0',
    DATA_DIR: dataDir,
    DATABASE_URL: postgres.url,
    SESSION_SECRET: secret,
    SEED_DEMO: '0',
    LOG_LEVEL: 'silent',
    PUSH_ENDPOINT_HOSTS: `http://${host}`,
  });
  server = await startServer(env);
  const url = server.url;
  const key = (await (await fetch(`${url}/api/push/public-key`)).json()) as { publicKey: string };
  receiver.expectVapidKey(key.publicKey);
  const db = new pg.Client({ connectionString: postgres.url });
  await db.connect();
  database = db;

  const seedStarted = performance.now();
  const albumId = await seedAlbum(db);
  const pairs = await seedPairs(db, { url, secret, albumId }, PAIRS, receiver.subscribe);
  const devices = runs('pushJobs') ? await seedDevices(db, secret, await receiver.subscribe(PUSHES), 2) : [];
  await db.query('analyze');
  const seedMs = Math.round(performance.now() - seedStarted);

  // Slot by slot over all pairs, so a pair's second proposal comes long after its first.
  const queue: Proposal[] = Array.from({ length: SLOTS }, (_, slot) =>
    pairs.map((pair) => ({ pair, slot })),
  ).flat();
  const take = (count: number) => queue.splice(0, count);
  const context: PhaseContext = { url, albumId, collect: receiver.collect, waitMs: WAIT_MS };

  /** A phase's figures with the CPU it used, in all and per push; it starts on an idle queue. */
  async function measured<T extends { pushes: number }>(phase: () => Promise<T>) {
    await queueSettled(db, WAIT_MS);
    const cpu = await startCpuCount(dataDir);
    const receiverBefore = await receiver.usage();
    const started = performance.now();
    const figures = await phase();
    const elapsedMs = performance.now() - started;
    const { serverThreadMs, postgresMs, ...use } = await cpu();
    const pushServiceMs = (await receiver.usage()).cpuMs - receiverBefore.cpuMs;
    const perPush = (ms: number) => Number((ms / Math.max(1, figures.pushes)).toFixed(2));
    return {
      ...figures,
      cpu: { ...use, pushServiceThreadPercent: Math.round((100 * pushServiceMs) / elapsedMs) },
      cpuMsPerPush: {
        serverThread: perPush(serverThreadMs),
        postgres: perPush(postgresMs),
        pushService: perPush(pushServiceMs),
      },
    };
  }

  // Warm-up (JIT, pools, the worker's first jobs), not reported.
  await latencyPhase(context, take(WARM_UP), RATE);
  const phases: Record<string, unknown> = {};
  if (runs('latency')) phases.latency = await measured(() => latencyPhase(context, take(PROPOSALS), RATE));
  if (runs('proposalBurst')) {
    phases.proposalBurst = await measured(() => burstPhase(context, take(BURST), BURST_IN_FLIGHT));
  }
  if (runs('pushJobs')) {
    const jobs = await pushJobs(
      db,
      devices.map((owner) => owner.id),
    );
    phases.pushJobs = await measured(() => queuedPhase(context, jobs));
  }
  if (runs('alertJobs')) {
    const jobs = await alertJobs(db, ALERTS, pairs);
    phases.alertJobs = await measured(() => queuedPhase(context, jobs));
  }

  const { rows: retried } = await db.query<{ jobs: number }>(
    'select count(*)::int as jobs from graphile_worker.jobs where attempts > 0 and last_error is not null',
  );
  const { rejections } = await receiver.usage();
  console.log(
    JSON.stringify(
      {
        cores: os.availableParallelism(),
        loadAverageBefore: loadBefore.map((load) => Number(load.toFixed(2))),
        pairs: PAIRS,
        recipientDevices: pairs.reduce((sum, pair) => sum + pair.devices, 0),
        seedMs,
        ...phases,
        jobsRetrying: retried[0]?.jobs ?? 0,
        pushesRefused: rejections.length,
        refusals: rejections.slice(0, 3).map((one) => `${one.status} ${one.reason}`),
      },
      null,
      2,
    ),
  );
} finally {
  await database?.end();
  await server?.close();
  await receiver.close();
  await postgres?.stop();
  await fs.rm(dataDir, { recursive: true, force: true });
}
