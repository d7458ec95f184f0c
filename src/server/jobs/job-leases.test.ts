import type { Task } from 'graphile-worker';
import pino from 'pino';
import { afterAll, beforeAll, expect, inject, test } from 'vitest';
import { createTestDatabase } from '../../../test/support/database.ts';
import { sql } from '../../../test/support/sql.ts';
import { LEASE_SECONDS } from './job-leases.ts';
import { type JobWorker, startJobWorker } from './job-queue.ts';

// Two servers' job workers on one database, with a task the test lets finish when it wants.
let databaseUrl: string;
const workers: JobWorker[] = [];
const runs: string[] = [];
let finish: () => void;
const finished = new Promise<void>((resolve) => {
  finish = resolve;
});
const slow: Task = async (_payload, helpers) => {
  runs.push(helpers.job.id);
  await finished;
};
beforeAll(async () => {
  databaseUrl = await createTestDatabase(inject('clusterUrl'));
  for (let i = 0; i < 2; i += 1) {
    workers.push(await startJobWorker(databaseUrl, { lease_test: slow }, pino({ level: 'silent' })));
  }
});
afterAll(async () => {
  finish();
  await Promise.all(workers.map((worker) => worker.stop()));
});

const jobRow = async () =>
  (
    await sql<{ locked_at: Date | null; locked_by: string | null; age: number }>(
      databaseUrl,
      `select locked_at, locked_by, extract(epoch from now() - locked_at)::float as age
         from graphile_worker.jobs where task_identifier = 'lease_test'`,
    )
  )[0];

async function until(condition: () => Promise<boolean>, what: string, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

test('a job running longer than the lease on a live server stays its own: never run a second time', async () => {
  await sql(databaseUrl, "select graphile_worker.add_job('lease_test', '{}'::json)");
  await until(async () => runs.length === 1, 'the job started', 10_000);
  const locked = await jobRow();
  expect(locked?.locked_by).toBeTruthy();

  // Past the lease, and then every server has beaten (and swept) at least once more: a live worker's
  // lock survives the sweeps.
  await until(async () => ((await jobRow())?.age ?? 0) > LEASE_SECONDS + 1, 'the lease passed', 30_000);
  const pastLease = new Date();
  await until(
    async () =>
      (
        await sql<{ behind: number }>(
          databaseUrl,
          'select count(*)::int as behind from job_worker_lease where heartbeat_at < $1',
          [pastLease],
        )
      )[0]?.behind === 0,
    'every server beat again',
    10_000,
  );
  const after = await jobRow();
  expect(after?.locked_by).toBe(locked?.locked_by);
  expect(after?.locked_at).toEqual(locked?.locked_at);
  expect(runs).toHaveLength(1);

  finish();
  await until(async () => (await jobRow()) === undefined, 'the job completed', 10_000);
  expect(runs).toHaveLength(1);
}, 60_000);
