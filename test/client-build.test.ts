import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { afterAll, beforeAll, expect, test } from 'vitest';

const root = fileURLToPath(new URL('..', import.meta.url));
let outDir: string;
let files: string[];

// `npm run build` as a shell with NODE_ENV=development runs it, into a directory of its own.
beforeAll(async () => {
  outDir = await fs.mkdtemp(path.join(os.tmpdir(), 'scambio-client-'));
  await promisify(execFile)(
    process.execPath,
    [
      path.join(root, 'node_modules/vite/bin/vite.js'),
      'build',
      '--outDir',
      outDir,
      '--emptyOutDir',
      '--logLevel',
      'error',
    ],
    { cwd: root, env: { ...process.env, NODE_ENV: 'development' } },
  );
  files = (await fs.readdir(outDir, { recursive: true })).filter((file) => /\.(js|css|html)$/.test(file));
}, 180_000);
afterAll(() => fs.rm(outDir, { recursive: true, force: true }));

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
