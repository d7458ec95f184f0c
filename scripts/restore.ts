/**
 * `npm run restore [-- --to "2026-11-25 10:00"] [-- --force]`: builds the embedded database of DATA_DIR
 * anew from BACKUP_DIR (docs/decisions/030): the newest base backup (finished before --to), then the
 * archived WAL replayed up to --to (a time without a zone is Italy's), else to the archive's end. It
 * refuses to replace an existing database without --force (which moves it aside). Then `npm start`.
 */
import { parseArgs } from 'node:util';
import { backupPlace } from '../src/server/backup/backup-place.ts';
import { parseRecoveryTarget } from '../src/server/backup/recovery-target.ts';
import { restoreEmbedded } from '../src/server/backup/restore.ts';
import { loadEnv } from '../src/server/env.ts';

try {
  const { values } = parseArgs({
    options: { to: { type: 'string' }, force: { type: 'boolean', default: false } },
  });
  const env = loadEnv();
  if (env.DATABASE_URL) {
    throw new Error(
      "With DATABASE_URL the database is external: restore it with its platform's point-in-time recovery (see README, Restore).",
    );
  }
  const to = values.to === undefined ? undefined : parseRecoveryTarget(values.to);
  const restored = await restoreEmbedded({
    dataDir: env.dataDir,
    place: backupPlace(env.backupDir),
    archiveTimeoutSeconds: env.BACKUP_ARCHIVE_TIMEOUT_S,
    to,
    force: values.force,
    log: console.log,
  });
  console.log(
    `Restored from base backup ${restored.backup.id}; last transaction replayed: ${restored.recoveredTo}; ` +
      `${restored.seconds.toFixed(1)} s. Start the app with npm start.`,
  );
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
