import type { BackupsInfo } from '../../rpc/schemas/settings.ts';
import { embeddedClusterDir, embeddedPasswordFile } from '../db/embedded-postgres.ts';
import type { Env } from '../env.ts';
import { type BackupPlace, backupPlace } from './backup-place.ts';
import { type BaseBackup, takeBaseBackup } from './base-backup.ts';
import { pruneBackups } from './retention.ts';

/** The embedded database's backups, as the scheduler and `npm run backup` take them. */
export type Backups = {
  info: BackupsInfo;
  /** The retention alone (the WAL keeps coming while daily base backups are off). */
  prune: () => ReturnType<typeof pruneBackups>;
  /** A base backup now, then the retention applied. */
  takeNow: () => Promise<BaseBackup & { removed: { baseBackups: number; walFiles: number } }>;
};

/** The backups of the embedded database of `env.dataDir`, reached at `url`, as env configures them. */
export function embeddedBackupsOf(
  env: Pick<Env, 'dataDir' | 'backupDir' | 'BACKUP_RETENTION_DAYS' | 'BACKUP_ARCHIVE_TIMEOUT_S'>,
  url: string,
): Backups {
  return embeddedBackups({
    url,
    clusterDir: embeddedClusterDir(env.dataDir),
    passwordFile: embeddedPasswordFile(env.dataDir),
    place: backupPlace(env.backupDir),
    retentionDays: env.BACKUP_RETENTION_DAYS,
    archiveTimeoutSeconds: env.BACKUP_ARCHIVE_TIMEOUT_S,
  });
}

function embeddedBackups(options: {
  url: string;
  clusterDir: string;
  passwordFile: string;
  place: BackupPlace;
  retentionDays: number;
  archiveTimeoutSeconds: number;
}): Backups {
  return {
    info: {
      kind: 'embedded',
      retentionDays: options.retentionDays,
      archiveTimeoutSeconds: options.archiveTimeoutSeconds,
    },
    prune: () => pruneBackups(options.place, options.retentionDays),
    takeNow: async () => {
      const backup = await takeBaseBackup(options);
      const removed = await pruneBackups(options.place, options.retentionDays);
      return { ...backup, removed };
    },
  };
}
