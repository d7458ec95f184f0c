import fs from 'node:fs/promises';
import path from 'node:path';

/** How long a hashed file stays servable after the build that made it was replaced. */
export const ASSETS_ARCHIVE_DAYS = 30;
const DAY_MS = 24 * 3600 * 1000;

/**
 * Keeps the hashed files of earlier builds (docs/decisions/026): a page of the previous version, still
 * open in a browser after a deploy, asks for its own chunks by name. Copies this build's files into
 * `archiveDir` (several instances may share it: each file is written under a temporary name and renamed),
 * marks them as seen now, and deletes what no build has shipped for ASSETS_ARCHIVE_DAYS.
 */
export async function archiveAssets(assetsDir: string, archiveDir: string, now = Date.now()) {
  await fs.mkdir(archiveDir, { recursive: true });
  const current = (await fs.readdir(assetsDir, { withFileTypes: true }).catch(() => []))
    .filter((entry) => entry.isFile())
    .map((entry) => entry.name);
  const seen = new Date(now);
  for (const name of current) {
    const target = path.join(archiveDir, name);
    const exists = await fs.access(target).then(
      () => true,
      () => false,
    );
    if (!exists) {
      const partial = `${target}.${process.pid}.partial`;
      await fs.copyFile(path.join(assetsDir, name), partial);
      await fs.rename(partial, target);
    }
    await fs.utimes(target, seen, seen);
  }
  const shipped = new Set(current);
  for (const name of await fs.readdir(archiveDir)) {
    if (shipped.has(name)) continue;
    const file = path.join(archiveDir, name);
    const stat = await fs.stat(file).catch(() => undefined);
    if (stat && now - stat.mtimeMs > ASSETS_ARCHIVE_DAYS * DAY_MS) await fs.rm(file, { force: true });
  }
}
