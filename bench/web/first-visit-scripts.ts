/**
 * The scripts a first visit (empty cache) to a page fetches, read from a client build instead of counted
 * in a browser: the entry and everything it imports statically (what index.html's script and modulepreload
 * links name), plus the screen the router loads lazily at that address (preloadOpeningScreen in
 * src/client/app/router.tsx) and its static imports, each at the size of its brotli copy, as the server
 * sends it to any current browser (the raw file when the build made no copy, a tiny one).
 * Bytes are deterministic, so `npm test` holds them to the budgets cheaply
 * (test/first-visit-budget.test.ts); bench:web prints this figure beside the one it counts in Chromium.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Manifest } from 'vite';

/**
 * The source files (under src/client) of the screens a first visit to each page loads lazily. The login
 * screen has none: public-routes.ts imports it, so it is in the entry.
 */
export const OPENING_SCREENS = {
  '/login': [],
  '/album': ['features/collection/album-page.tsx'],
} as const satisfies Record<string, readonly string[]>;

export type FirstVisitPage = keyof typeof OPENING_SCREENS;
export type FirstVisitScripts = {
  /** Built files (`assets/…js`) with their compressed bytes, largest first. */
  files: { file: string; compressed: number }[];
  raw: number;
  compressed: number;
};

/** Vite's map of the build's chunks (`build.manifest` in vite.config.ts). */
async function readManifest(clientDir: string): Promise<Manifest> {
  const file = path.join(clientDir, '.vite', 'manifest.json');
  return JSON.parse(await fs.readFile(file, 'utf8')) as Manifest;
}

async function compressedSize(file: string): Promise<number> {
  const copy = await fs.stat(`${file}.br`).catch(() => undefined);
  return (copy ?? (await fs.stat(file))).size;
}

export async function firstVisitScripts(clientDir: string, page: FirstVisitPage): Promise<FirstVisitScripts> {
  const manifest = await readManifest(clientDir);
  const keys = new Set<string>();
  const pending: string[] = ['index.html', ...OPENING_SCREENS[page]];
  for (let key = pending.pop(); key !== undefined; key = pending.pop()) {
    if (keys.has(key)) continue;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`the build has no chunk for ${key}: has the screen moved? (OPENING_SCREENS)`);
    keys.add(key);
    pending.push(...(chunk.imports ?? []));
  }
  const files = await Promise.all(
    [...keys].map(async (key) => {
      const file = (manifest[key] as { file: string }).file;
      const absolute = path.join(clientDir, file);
      return { file, raw: (await fs.stat(absolute)).size, compressed: await compressedSize(absolute) };
    }),
  );
  return {
    files: files
      .toSorted((a, b) => b.compressed - a.compressed)
      .map(({ file, compressed }) => ({ file, compressed })),
    raw: files.reduce((sum, file) => sum + file.raw, 0),
    compressed: files.reduce((sum, file) => sum + file.compressed, 0),
  };
}
