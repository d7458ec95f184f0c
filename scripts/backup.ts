/**
 * `npm run backup`: a base backup of the embedded database now, into BACKUP_DIR (docs/decisions/030),
 * then the retention (BACKUP_RETENTION_DAYS). The app may be running: the backup is taken from its
 * database while it serves. When it is not, the database is started for the backup and stopped after.
 */
import { archiveSettings, backupPlace, prepareBackupPlace } from '../src/server/backup/backup-place.ts';
import { embeddedBackupsOf } from '../src/server/backup/backups.ts';
import {
  postgresSystemUser,
  runningEmbeddedUrl,
  startEmbeddedPostgres,
} from '../src/server/db/embedded-postgres.ts';
import { openDatabase } from '../src/server/db/orm.ts';
import { loadEnv } from '../src/server/env.ts';
import { recordBackup } from '../src/server/settings/scheduler.ts';

try {
  const env = loadEnv();
  if (env.DATABASE_URL) {
    throw new Error(
      'With DATABASE_URL the database is external: its platform takes the backups (see README, Restore).',
    );
  }
  const place = backupPlace(env.backupDir);
  await prepareBackupPlace(place, await postgresSystemUser());
  const running = await runningEmbeddedUrl(env.dataDir);
  const embedded = running
    ? undefined
    : await startEmbeddedPostgres(
        env.dataDir,
        console.log,
        archiveSettings(place, env.BACKUP_ARCHIVE_TIMEOUT_S),
      );
  const url = running ?? (embedded?.url as string);
  try {
    const backups = embeddedBackupsOf(env, url);
    const backup = await backups.takeNow();
    const orm = await openDatabase(url);
    try {
      await recordBackup(orm.em.fork());
    } finally {
      await orm.close();
    }
    const megabytes = (bytes: number) => `${(bytes / 1e6).toFixed(1)} MB`;
    console.log(
      `Base backup ${backup.dir}: ${backup.manifest.files} files, ${megabytes(backup.manifest.bytes)} ` +
        `(${megabytes(backup.manifest.storedBytes)} stored) in ${backup.seconds.toFixed(1)} s; ` +
        `removed ${backup.removed.baseBackups} old base backups and ${backup.removed.walFiles} WAL files`,
    );
  } finally {
    await embedded?.stop();
  }
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
