import fs from 'node:fs/promises';
import path from 'node:path';
import type { BackupPlace } from './backup-place.ts';
import { listBaseBackups } from './base-backup.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
// A WAL file's name: timeline (8 hex digits), then its place in the WAL (16), then what kind of file it is.
const WAL_FILE = /^[0-9A-F]{8}([0-9A-F]{16})/;

/**
 * Keeps what restoring to any moment of the last `days` days needs (docs/decisions/030): the base backups
 * finished within them, plus the newest one before them (where that window starts), never fewer than the
 * newest one; and of the archived WAL every file from the oldest kept backup's start on, every timeline
 * history, and nothing older. Unfinished copies left by a crash a day ago go too. Answers what it removed.
 */
export async function pruneBackups(place: BackupPlace, days: number, now = new Date()) {
  const cutoff = now.getTime() - days * DAY_MS;
  const backups = await listBaseBackups(place);
  const within = backups.filter((backup) => Date.parse(backup.manifest.stoppedAt) >= cutoff);
  const before = backups.filter((backup) => Date.parse(backup.manifest.stoppedAt) < cutoff);
  const kept = [...before.slice(-1), ...within];
  const removed = { baseBackups: 0, walFiles: 0 };
  for (const backup of backups.filter((candidate) => !kept.includes(candidate))) {
    await fs.rm(backup.dir, { recursive: true, force: true });
    removed.baseBackups += 1;
  }
  for (const name of await fs.readdir(place.baseDir).catch(() => [] as string[])) {
    const file = path.join(place.baseDir, name);
    if (name.endsWith('.partial') && (await olderThan(file, now.getTime() - DAY_MS))) {
      await fs.rm(file, { recursive: true, force: true });
    }
  }
  const oldest = kept[0]?.manifest.startWalFile.slice(8);
  for (const name of await fs.readdir(place.walDir).catch(() => [] as string[])) {
    const position = WAL_FILE.exec(name)?.[1];
    const file = path.join(place.walDir, name);
    const unneeded = oldest
      ? position !== undefined && position < oldest
      : // No base backup at all: WAL alone restores nothing, so only the window's stays.
        !name.includes('.history') && (await olderThan(file, cutoff));
    const abandoned = name.includes('.partial-') && (await olderThan(file, now.getTime() - DAY_MS));
    if (unneeded || abandoned) {
      await fs.rm(file, { force: true });
      removed.walFiles += 1;
    }
  }
  return removed;
}

async function olderThan(file: string, time: number) {
  const stat = await fs.stat(file).catch(() => undefined);
  return stat !== undefined && stat.mtimeMs < time;
}
