import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import type { FastifyBaseLogger } from 'fastify';
import type { Backups } from '../backup/backups.ts';
import type { Env } from '../env.ts';
import { closeOverdueSwaps } from '../swaps/swap-cleanup.ts';
import { announceTermsChange } from '../users/terms-notice.ts';
import { runMaintenance } from './maintenance.ts';
import { readSettings } from './settings-store.ts';

const TICK_MS = 60_000;
const DAY_MS = 24 * 60 * 60 * 1000;
// Any constant of our own: the instance that takes this lock runs the daily jobs, the others skip them.
const DAILY_JOBS_LOCK = 72_410_001;

/** Notes that a base backup was just taken (the admin's 'Ultimo backup', the metrics). */
export async function recordBackup(em: EntityManager) {
  await em.execute('update app_settings set last_backup_at = now() where id = 1');
}

export type Scheduler = { tick: () => Promise<void>; stop: () => Promise<void> };

/**
 * Every minute, each instance: takes the log level from the settings (so a change saved on one instance
 * reaches all of them), and, under an advisory lock, closes the swaps past their deadline, announces a new
 * version of the Termini by e-mail (once), and runs the
 * daily clean-up when maintenance is 'automatico'. The instance that runs the embedded database (`backups`)
 * also takes the daily base backup when 'Backup automatici' is on (docs/decisions/030).
 * `pinnedLogLevel` (LOG_LEVEL) overrides the setting.
 */
export function startScheduler(options: {
  orm: MikroORM;
  env: Pick<Env, 'NODE_ENV' | 'SMTP_URL'>;
  backups: Backups | undefined;
  log: FastifyBaseLogger;
  pinnedLogLevel: string | undefined;
}): Scheduler {
  const { orm, backups, log, pinnedLogLevel } = options;
  let running: Promise<void> = Promise.resolve();
  let lastPruned: string | null = null;

  async function runTick() {
    const em = orm.em.fork();
    const settings = await readSettings(em);
    if (!pinnedLogLevel && log.level !== settings.logLevel) log.level = settings.logLevel;
    const due = (last: string | null) => !last || Date.now() - Date.parse(last) >= DAY_MS;
    await em.transactional(async (tx) => {
      const [lock] = await tx.execute<{ taken: boolean }[]>('select pg_try_advisory_xact_lock(?) as taken', [
        DAILY_JOBS_LOCK,
      ]);
      if (!lock?.taken) return;
      await closeOverdueSwaps(tx);
      await announceTermsChange(tx, options.env);
      if (settings.maintenanceMode === 'automatico' && due(settings.lastMaintenanceAt)) {
        log.info(await runMaintenance(tx), 'maintenance done');
      }
    });
    // Outside the transaction: a backup's minutes must not hold one open. Only the instance running the
    // embedded database has `backups`, so no other takes one at the same time.
    if (backups && settings.autoBackup && due(settings.lastBackupAt)) {
      const backup = await backups.takeNow();
      await recordBackup(orm.em.fork());
      log.info({ backup: backup.dir, seconds: backup.seconds, removed: backup.removed }, 'base backup taken');
    } else if (backups && !settings.autoBackup && due(lastPruned)) {
      // Without daily base backups the archived WAL still comes: it is kept for the retention's days only.
      log.info({ removed: await backups.prune() }, 'backups pruned');
      lastPruned = new Date().toISOString();
    }
  }

  const tick = () => {
    running = running
      .then(runTick)
      .catch((error: unknown) => log.error({ err: error }, 'scheduled jobs failed'));
    return running;
  };
  const timer = setInterval(tick, TICK_MS);
  timer.unref();
  void tick();
  return {
    tick,
    stop: async () => {
      clearInterval(timer);
      await running;
    },
  };
}
