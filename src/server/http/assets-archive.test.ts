import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { afterAll, expect, test } from 'vitest';
import { registerClientAssets } from './client-assets.ts';

const dirs: string[] = [];
afterAll(() => Promise.all(dirs.map((dir) => fs.rm(dir, { recursive: true, force: true }))));

async function tempDir() {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'scambio-assets-'));
  dirs.push(dir);
  return dir;
}

/** A client build: the shell and one hashed script. */
async function build(scriptName: string) {
  const dir = await tempDir();
  await fs.mkdir(path.join(dir, 'assets'));
  await fs.writeFile(path.join(dir, 'index.html'), '<!doctype html><title>Scambio</title>');
  await fs.writeFile(path.join(dir, 'assets', scriptName), `console.log('${scriptName}')`);
  return dir;
}

async function serve(clientDir: string, archiveDir: string) {
  const app = Fastify();
  await registerClientAssets(app, clientDir, archiveDir);
  return app;
}

test('a page of the previous version still gets its hashed files after a deploy; an unknown one is a 404', async () => {
  const archiveDir = path.join(await tempDir(), 'assets-archive');
  const previous = await serve(await build('index-old111.js'), archiveDir);
  await previous.close();

  const current = await serve(await build('index-new222.js'), archiveDir);
  try {
    const old = await current.inject('/assets/index-old111.js');
    expect(old.statusCode).toBe(200);
    expect(old.body).toBe("console.log('index-old111.js')");
    expect(old.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await current.inject('/assets/index-new222.js')).statusCode).toBe(200);
    expect((await current.inject('/assets/index-unknown.js')).statusCode).toBe(404);
    expect((await current.inject('/assets/..%2Findex.html')).statusCode).toBe(404);
  } finally {
    await current.close();
  }
});

test('archived files older than the retention are pruned at start; the current build’s are kept', async () => {
  const archiveDir = path.join(await tempDir(), 'assets-archive');
  await fs.mkdir(archiveDir, { recursive: true });
  const ancient = path.join(archiveDir, 'index-ancient.js');
  await fs.writeFile(ancient, 'old');
  const longAgo = new Date(Date.now() - 60 * 24 * 3600 * 1000);
  await fs.utimes(ancient, longAgo, longAgo);

  const app = await serve(await build('index-fresh.js'), archiveDir);
  try {
    expect((await app.inject('/assets/index-ancient.js')).statusCode).toBe(404);
    expect(await fs.readdir(archiveDir)).toEqual(['index-fresh.js']);
  } finally {
    await app.close();
  }
});
