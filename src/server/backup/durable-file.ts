import fs from 'node:fs/promises';

/** Flushes `file` (or a directory's entries) to the disk: a backup is done only once it is there. */
export async function flush(file: string) {
  const handle = await fs.open(file, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** Writes `content` to `file` (readable by its owner alone) and flushes it. */
export async function writeDurably(file: string, content: string) {
  await fs.writeFile(file, content, { mode: 0o600 });
  await flush(file);
}
