import type { MikroORM } from '@mikro-orm/postgresql';
import type { FastifyBaseLogger } from 'fastify';
import { closeOverdueSwaps } from '../swaps/swap-cleanup.ts';
import { writeBackup } from './backup.ts';
import { runMaintenance } from './maintenance.ts';
import { readSettings } from './settings-store.ts';

const TICK_MS = 60_000;
const DAY_MS = 24 * 60 * 60 * 1000;
// Any constant of our own: the instance that takes this lock runs the daily jobs, the others skip them.
const DAILY_JOBS_LOCK = 72_410_001;

export type Scheduler = { tick: () => Promise<void>; stop: () => Promise<void> };

/**
 * Every minute, each instance: takes the log level from the settings (so a change saved on one instance
 * reaches all of them), and, under an advisory lock, closes the swaps past their deadline, runs the daily
 * backup when enabled and the daily clean-up when maintenance is 'automatico'. `pinnedLogLevel` (LOG_LEVEL) overrides the setting.
 */
export function startScheduler(options: {
  orm: MikroORM;
  dataDir: string;
  log: FastifyBaseLogger;
  pinnedLogLevel: string | undefined;
}): Scheduler {
  const { orm, dataDir, log, pinnedLogLevel } = options;
  let running: Promise<void> = Promise.resolve();

  async function runTick() {
    const em = orm.em.fork();
    const settings = await readSettings(em);
    if (!pinnedLogLevel && log.level !== settings.logLevel) log.level = settings.logLevel;
    await em.transactional(async (tx) => {
      const [lock] = await tx.execute<{ taken: boolean }[]>('select pg_try_advisory_xact_lock(?) as taken', [
        DAILY_JOBS_LOCK,
      ]);
      if (!lock?.taken) return;
      await closeOverdueSwaps(tx);
      const due = (last: string | null) => !last || Date.now() - Date.parse(last) >= DAY_MS;
      if (settings.autoBackup && due(settings.lastBackupAt)) {
        const file = await writeBackup(orm.em.fork(), dataDir);
        await tx.execute('update app_settings set last_backup_at = now() where id = 1');
        log.info({ file }, 'backup written');
      }
      if (settings.maintenanceMode === 'automatico' && due(settings.lastMaintenanceAt)) {
        log.info(await runMaintenance(tx), 'maintenance done');
      }
    });
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
