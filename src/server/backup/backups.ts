import type { BackupsInfo } from '../../rpc/schemas/settings.ts';
import type { BackupPlace } from './backup-place.ts';
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

export function embeddedBackups(options: {
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
