import { EventEmitter } from 'node:events';
import type { EntityManager } from '@mikro-orm/postgresql';
import {
  Logger,
  type LogLevel,
  makeWorkerUtils,
  type Runner,
  run,
  type TaskList,
  type WorkerEvents,
} from 'graphile-worker';
import pg from 'pg';
import type { Logger as PinoLogger } from 'pino';
import { poolConfig } from '../db/connection-config.ts';
import { startJobLeases } from './job-leases.ts';

/** How often a job is tried before it is left failed in `graphile_worker` (backoff grows each time). */
const MAX_ATTEMPTS = 10;

export type JobOptions = {
  /** Not before then (default: at once). */
  runAt?: Date;
  /**
   * One waiting job per key: a new job of the same key takes its place, keeping the waiting one's time
   * with `preserveRunAt` (a burst of events then goes out once, when the first was due).
   */
  jobKey?: string;
  preserveRunAt?: boolean;
  maxAttempts?: number;
  /** Lower runs first among the jobs due (default 0): a push waits for no backlog of alerts to compose. */
  priority?: number;
};

/**
 * Adds a job to the durable queue (graphile-worker, docs/decisions/031) in the caller's transaction: the
 * job exists only if that transaction commits.
 */
export async function enqueueJob(
  em: EntityManager,
  task: string,
  payload: Record<string, unknown>,
  options: JobOptions = {},
): Promise<void> {
  await em.execute(
    `select graphile_worker.add_job(?, ?::json, run_at => ?::timestamptz, max_attempts => ?,
       job_key => ?, job_key_mode => ?, priority => ?)`,
    [
      task,
      JSON.stringify(payload),
      options.runAt?.toISOString() ?? null,
      options.maxAttempts ?? MAX_ATTEMPTS,
      options.jobKey ?? null,
      options.preserveRunAt ? 'preserve_run_at' : 'replace',
      options.priority ?? 0,
    ],
  );
}

const QUEUE_CLEANUP = 'job_queue_cleanup';

/**
 * Deletes the jobs that failed for good (every attempt used, about two hours of retries): what they carry
 * (a mail's address and text) is kept no longer than a day after that.
 */
async function cleanUpQueue(pool: pg.Pool) {
  const utils = await makeWorkerUtils({ pgPool: pool, logger: new Logger(() => () => undefined) });
  try {
    await utils.cleanup({ tasks: ['DELETE_PERMAFAILED_JOBS', 'GC_JOB_QUEUES'] });
  } finally {
    await utils.release();
  }
}

export type JobWorker = { stop: () => Promise<void> };

/** graphile-worker's log lines, through the server's logger. */
function workerLogger(log: PinoLogger) {
  return new Logger(() => (level: LogLevel, message: string) => {
    const method = level === 'error' ? 'error' : level === 'warning' ? 'warn' : 'debug';
    log[method]({ component: 'job-queue' }, message);
  });
}

/**
 * Jobs run at once per instance: sends wait on other servers (SMTP, push services 50–200 ms away), not on
 * this one; with 4, pushes to a service 100 ms away went out at 35 a second, with 8 about twice that
 * (`npm run bench:push`). A job holds a connection of the queue's pool only to be taken and marked done.
 */
export const JOB_CONCURRENCY = 8;

/**
 * Starts the queue's worker on the database itself (`directUrl`: it LISTENs, decision 029): it brings the
 * `graphile_worker` schema up to date, then runs jobs as they are added. Jobs are locked while they run,
 * so two instances never run one twice; a failed job is retried later, and one whose server died is taken
 * up again within a minute (job-leases.ts). stop() lets the running jobs finish.
 */
export async function startJobWorker(
  directUrl: string,
  tasks: TaskList,
  log: PinoLogger,
): Promise<JobWorker> {
  const pool = new pg.Pool(poolConfig(directUrl, 'jobs', JOB_CONCURRENCY + 2));
  const warn = (error: Error) =>
    log.warn({ component: 'job-queue' }, `job queue connection: ${error.message}`);
  pool.on('error', warn);
  pool.on('connect', (client) => client.on('error', warn));
  const leases = startJobLeases(pool, (message) => log.warn({ component: 'job-queue' }, message));
  const events: WorkerEvents = new EventEmitter();
  // graphile-worker locks a job in its worker pool's name (`locked_by`), not in the worker's.
  events.on('pool:create', ({ workerPool }) => leases.add(workerPool.id));
  events.on('pool:release', ({ workerPool }) => leases.remove(workerPool.id));
  let runner: Runner;
  try {
    runner = await run({
      pgPool: pool,
      taskList: { ...tasks, [QUEUE_CLEANUP]: () => cleanUpQueue(pool) },
      // Once a day, on one instance (graphile-worker's cron enqueues each tick once).
      crontab: `30 3 * * * ${QUEUE_CLEANUP}`,
      concurrency: JOB_CONCURRENCY,
      noHandleSignals: true,
      pollInterval: 2000,
      logger: workerLogger(log),
      events,
    });
  } catch (error) {
    await leases.stop();
    await pool.end();
    throw error;
  }
  return {
    async stop() {
      await runner.stop();
      await leases.stop();
      await pool.end();
    },
  };
}
