import { createReadStream, createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip, gunzipSync } from 'node:zlib';
import { flush } from './durable-file.ts';

/**
 * The archived WAL, one gzipped file per file PostgreSQL hands over (segments, timeline histories, backup
 * history files), named `<its name>.gz`. A segment closed early by `archive_timeout` is mostly zeroed
 * pages and shrinks from 16 MB to a few kilobytes (docs/decisions/030).
 */
export const archivedName = (walFile: string) => `${walFile}.gz`;

/**
 * `archive_command`: copies `source` (a WAL file, relative to the data directory, which is the
 * archiver's working directory) into `walDir` as `<walFile>.gz`, durably: written beside, flushed,
 * renamed, the directory flushed, and only then is it done (PostgreSQL may recycle the segment as soon
 * as the command succeeds). An archive that already holds the same content succeeds again (a retry
 * after a crash between our rename and PostgreSQL's note of it); a different one is refused.
 */
export async function archiveWal(walDir: string, source: string, walFile: string): Promise<void> {
  const target = path.join(walDir, archivedName(walFile));
  const existing = await fs.readFile(target).catch(() => undefined);
  if (existing) {
    if (gunzipSync(existing).equals(await fs.readFile(source))) return;
    throw new Error(`${target} already holds a different ${walFile}`);
  }
  const partial = `${target}.partial-${process.pid}`;
  try {
    await pipeline(createReadStream(source), createGzip({ level: 6 }), createWriteStream(partial));
    await flush(partial);
    await fs.rename(partial, target);
    await flush(walDir);
  } finally {
    await fs.rm(partial, { force: true });
  }
}

/**
 * `restore_command`: writes the archived `walFile` to `target` (where PostgreSQL asks for it). A file
 * the archive does not hold is an error PostgreSQL expects: it is how recovery learns the archive ends.
 */
export async function restoreWal(walDir: string, walFile: string, target: string): Promise<void> {
  const source = path.join(walDir, archivedName(walFile));
  await fs.access(source);
  const partial = `${target}.partial`;
  await pipeline(createReadStream(source), createGunzip(), createWriteStream(partial));
  await fs.rename(partial, target);
}
