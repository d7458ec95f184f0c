import type pg from 'pg';

/** How often a running server says its job workers are alive. */
const BEAT_MS = 5_000;
/** A worker silent this long is dead (its server crashed or was killed): its jobs go back to the queue. */
export const LEASE_SECONDS = 20;

export type JobLeases = {
  /** A worker (or worker pool) of this server whose locks are kept while it lives. */
  add(workerId: string): void;
  remove(workerId: string): void;
  stop(): Promise<void>;
};

/**
 * graphile-worker unlocks a job whose worker vanished only after four hours; a server killed in the middle
 * of a push or a mail would hold it that long. Each server heartbeats its workers' ids in
 * `job_worker_lease`, and every beat unlocks the jobs of workers not heard of for LEASE_SECONDS (a crashed
 * server's, on any surviving instance or on its own restart): delivery stays at least once, within a minute.
 */
export function startJobLeases(pool: pg.Pool, warn: (message: string) => void): JobLeases {
  const ids = new Set<string>();
  let beating: Promise<void> = Promise.resolve();
  const beat = async () => {
    try {
      if (ids.size > 0) {
        await pool.query(
          `insert into job_worker_lease (worker_id, heartbeat_at) select unnest($1::text[]), now()
           on conflict (worker_id) do update set heartbeat_at = now()`,
          [[...ids]],
        );
      }
      await pool.query(
        `with dead as (delete from job_worker_lease where heartbeat_at < now() - make_interval(secs => $1))
         select graphile_worker.force_unlock_workers(array(
           select distinct j.locked_by from graphile_worker.jobs j
            where j.locked_by is not null and j.locked_at < now() - make_interval(secs => $1)
              and not exists (select 1 from job_worker_lease l
                               where l.worker_id = j.locked_by and l.heartbeat_at >= now() - make_interval(secs => $1))))`,
        [LEASE_SECONDS],
      );
    } catch (error) {
      warn(`job leases: ${error instanceof Error ? error.message : String(error)}`);
    }
  };
  const timer = setInterval(() => {
    beating = beat();
  }, BEAT_MS);
  beating = beat();
  return {
    add: (workerId) => {
      ids.add(workerId);
    },
    remove: (workerId) => {
      ids.delete(workerId);
    },
    async stop() {
      clearInterval(timer);
      await beating;
      if (ids.size > 0) {
        await pool
          .query('delete from job_worker_lease where worker_id = any($1::text[])', [[...ids]])
          .catch(() => undefined);
      }
    },
  };
}
