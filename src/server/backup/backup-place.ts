import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { RunAs, ServerSettings } from '../db/embedded-postgres.ts';

/** BACKUP_DIR's two parts: `base/<id>/` (base backups) and `wal/` (the archived WAL). */
export type BackupPlace = { dir: string; baseDir: string; walDir: string };

export const backupPlace = (dir: string): BackupPlace => ({
  dir,
  baseDir: path.join(dir, 'base'),
  walDir: path.join(dir, 'wal'),
});

const WAL_COMMAND = fileURLToPath(new URL('./wal-command.ts', import.meta.url));

/** A word for /bin/sh, which runs PostgreSQL's archive and restore commands. */
const shellWord = (word: string) => `'${word.replaceAll("'", `'\\''`)}'`;

/** The WAL command run by this Node for `action` (`archive %p %f` or `restore %f %p`). */
function walCommand(place: BackupPlace, action: 'archive' | 'restore') {
  const files = action === 'archive' ? '%p %f' : '%f %p';
  return `${[process.execPath, WAL_COMMAND, action, place.walDir].map(shellWord).join(' ')} ${files}`;
}

/**
 * The embedded cluster's continuous archiving (docs/decisions/030): every WAL file into `place.walDir`,
 * a segment switched at least every `timeoutSeconds` once something was written, so losing the data disk
 * loses at most that much of what was acknowledged.
 */
export function archiveSettings(place: BackupPlace, timeoutSeconds: number): ServerSettings {
  return {
    archive_mode: 'on',
    archive_command: walCommand(place, 'archive'),
    archive_timeout: timeoutSeconds,
  };
}

/** What a recovery from the archive adds: where WAL files come from. */
export function recoverySettings(place: BackupPlace): ServerSettings {
  return { restore_command: walCommand(place, 'restore') };
}

/** Creates BACKUP_DIR's parts, the WAL's writable by the PostgreSQL server (`runAs`, when root). */
export async function prepareBackupPlace(place: BackupPlace, runAs: RunAs) {
  await fs.mkdir(place.baseDir, { recursive: true, mode: 0o700 });
  await fs.mkdir(place.walDir, { recursive: true, mode: 0o700 });
  if (runAs) {
    await fs.chmod(place.dir, 0o711);
    await fs.chown(place.walDir, runAs.uid, runAs.gid);
  }
}
