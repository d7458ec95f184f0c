import { Logger, runMigrations } from 'graphile-worker';
import pg from 'pg';
import { poolConfig } from './connection-config.ts';

/**
 * Creates or updates the job queue's own schema (`graphile_worker`, the queue in src/server/jobs/): part of
 * the app's schema change (orm.ts), so the release step makes it and a job can be queued before any worker
 * has started. It lives here, not in jobs/, because jobs/ is built on db/ (docs/decisions/044).
 */
export async function migrateJobQueue(url: string): Promise<void> {
  const pool = new pg.Pool(poolConfig(url, 'schema', 2));
  // An idle client's error: the migration's own query reports what matters.
  pool.on('error', () => undefined);
  pool.on('connect', (client) => client.on('error', () => undefined));
  try {
    await runMigrations({ pgPool: pool, logger: new Logger(() => () => undefined) });
  } finally {
    await pool.end();
  }
}
