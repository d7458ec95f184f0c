import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, expect, test } from 'vitest';
import { type BackupPlace, backupPlace } from './backup-place.ts';
import { listBaseBackups } from './base-backup.ts';
import { pruneBackups } from './retention.ts';

let place: BackupPlace;
beforeEach(async () => {
  place = backupPlace(await fs.mkdtemp(path.join(os.tmpdir(), 'scambio-retention-')));
  await fs.mkdir(place.baseDir, { recursive: true });
  await fs.mkdir(place.walDir, { recursive: true });
});
afterEach(async () => {
  await fs.rm(place.dir, { recursive: true, force: true });
});

const day = (n: number) => new Date(Date.UTC(2026, 10, n, 3));
const segment = (n: number) => `00000001000000000000${n.toString(16).toUpperCase().padStart(4, '0')}`;

/** A finished base backup of day `n` that starts in WAL segment `start`. */
async function baseBackup(n: number, start: number) {
  const id = day(n).toISOString().replace(/[:.]/g, '-');
  await fs.mkdir(path.join(place.baseDir, id, 'data'), { recursive: true });
  const manifest = { id, stoppedAt: day(n).toISOString(), startWalFile: segment(start) };
  await fs.writeFile(path.join(place.baseDir, id, 'manifest.json'), JSON.stringify(manifest));
}

test('keeps the backups of the window plus the one before it, and the WAL from that one on', async () => {
  for (const [n, start] of [
    [1, 0x10],
    [10, 0x20],
    [17, 0x30],
    [20, 0x40],
    [24, 0x50],
  ] as const) {
    await baseBackup(n, start);
  }
  const wal = [0x0f, 0x10, 0x1f, 0x2f, 0x30, 0x31, 0x55].map((n) => `${segment(n)}.gz`);
  const extra = [
    '00000002.history.gz',
    `${segment(0x2a)}.00000028.backup.gz`,
    `${segment(0x30)}.00000060.backup.gz`,
  ];
  for (const name of [...wal, ...extra]) await fs.writeFile(path.join(place.walDir, name), '');

  // Seven days back from the 25th reaches the 18th: the 20th and 24th are inside, the 17th starts the window.
  expect(await pruneBackups(place, 7, day(25))).toEqual({ baseBackups: 2, walFiles: 5 });
  expect((await listBaseBackups(place)).map((backup) => backup.manifest.stoppedAt)).toEqual(
    [17, 20, 24].map((n) => day(n).toISOString()),
  );
  expect((await fs.readdir(place.walDir)).sort()).toEqual(
    [
      '00000002.history.gz',
      `${segment(0x30)}.00000060.backup.gz`,
      ...[0x30, 0x31, 0x55].map((n) => `${segment(n)}.gz`),
    ].sort(),
  );
});

test('the newest backup stays however old it is, and an unfinished copy of yesterday goes', async () => {
  await baseBackup(1, 0x10);
  const partial = path.join(place.baseDir, 'crashed.partial');
  await fs.mkdir(partial);
  await fs.utimes(partial, day(2), day(2));
  expect(await pruneBackups(place, 7, day(25))).toEqual({ baseBackups: 0, walFiles: 0 });
  expect(await fs.readdir(place.baseDir)).toEqual([day(1).toISOString().replace(/[:.]/g, '-')]);
});
