import fs from 'node:fs/promises';
import path from 'node:path';
import zlib from 'node:zlib';
import { beforeAll, expect, inject, test } from 'vitest';

let outDir: string;
let files: string[];

// The run's one build (test/global-setup.ts), made as `npm run build` makes it with NODE_ENV=development
// in the shell.
beforeAll(async () => {
  outDir = inject('clientDir');
  files = (await fs.readdir(outDir, { recursive: true })).filter((file) => /\.(js|css|html)$/.test(file));
});

test('the client is built for production even when NODE_ENV says development', async () => {
  const scripts = files.filter((file) => file.endsWith('.js'));
  expect(scripts.length).toBeGreaterThan(0);
  for (const file of scripts) {
    const code = await fs.readFile(path.join(outDir, file), 'utf8');
    // JSX compiled with dev checks, and React's development build (its key warning), respectively.
    expect(code).not.toContain('jsxDEV');
    expect(code).not.toContain('Each child in a list should have a unique');
  }
});

test('every script, style sheet and page has brotli and gzip copies that decompress to it', async () => {
  for (const file of files) {
    const original = await fs.readFile(path.join(outDir, file));
    // The plugin skips a copy that would not be smaller, which happens only to tiny files.
    if (original.length < 1024) continue;
    const brotli = await fs.readFile(path.join(outDir, `${file}.br`));
    const gzip = await fs.readFile(path.join(outDir, `${file}.gz`));
    expect(zlib.brotliDecompressSync(brotli).equals(original)).toBe(true);
    expect(zlib.gunzipSync(gzip).equals(original)).toBe(true);
  }
});
