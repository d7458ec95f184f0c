import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, expect, test } from 'vitest';
import { archiveWal, restoreWal } from './wal-archive.ts';

let dir: string;
beforeEach(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'scambio-wal-'));
});
afterEach(async () => {
  await fs.rm(dir, { recursive: true, force: true });
});

// A segment closed early by archive_timeout: a few records, then zeroed pages.
const segment = Buffer.concat([Buffer.from('some WAL records'), Buffer.alloc(16 * 1024 * 1024)]);
const NAME = '000000010000000000000003';

test('a segment is archived gzipped (an early-closed one in kilobytes) and restored byte for byte', async () => {
  await fs.writeFile(path.join(dir, NAME), segment);
  await archiveWal(path.join(dir), path.join(dir, NAME), NAME);
  const stored = await fs.stat(path.join(dir, `${NAME}.gz`));
  expect(stored.size).toBeLessThan(64 * 1024);
  expect((await fs.readdir(dir)).filter((name) => name.includes('partial'))).toEqual([]);
  await restoreWal(dir, NAME, path.join(dir, 'RECOVERYXLOG'));
  expect((await fs.readFile(path.join(dir, 'RECOVERYXLOG'))).equals(segment)).toBe(true);
});

test('archiving the same file again succeeds; a different file under that name is refused', async () => {
  await fs.writeFile(path.join(dir, NAME), segment);
  await archiveWal(dir, path.join(dir, NAME), NAME);
  await archiveWal(dir, path.join(dir, NAME), NAME);
  await fs.writeFile(path.join(dir, 'other'), Buffer.from('not the same'));
  await expect(archiveWal(dir, path.join(dir, 'other'), NAME)).rejects.toThrow(/already holds a different/);
});

test('a file the archive does not hold fails, as recovery expects at the archive’s end', async () => {
  await expect(restoreWal(dir, '000000010000000000000009', path.join(dir, 'RECOVERYXLOG'))).rejects.toThrow();
  await expect(fs.access(path.join(dir, 'RECOVERYXLOG'))).rejects.toThrow();
});
