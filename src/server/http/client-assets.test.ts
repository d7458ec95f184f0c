import fs from 'node:fs/promises';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, expect, inject, test } from 'vitest';
import { rawGet } from '../../../test/support/raw-http.ts';
import { startTestServer, type TestServer } from '../../../test/support/test-server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const decompress = { br: zlib.brotliDecompressSync, gzip: zlib.gunzipSync };

/** The entry script named in the served app shell. */
async function entryScript() {
  const html = (await rawGet(`${server.url}/`)).body.toString();
  const asset = html.match(/src="(\/assets\/[^"]+\.js)"/)?.[1];
  expect(asset).toBeDefined();
  return asset as string;
}

test('a script goes out as the build’s brotli or gzip copy, the same bytes once decompressed', async () => {
  const asset = await entryScript();
  const original = await fs.readFile(path.join(inject('clientDir'), asset));
  for (const encoding of ['br', 'gzip'] as const) {
    const response = await rawGet(`${server.url}${asset}`, { 'accept-encoding': encoding });
    expect(response.status).toBe(200);
    expect(response.headers['content-encoding']).toBe(encoding);
    expect(response.headers['content-type']).toMatch(/javascript/);
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.body.length).toBeLessThan(original.length / 2);
    expect(decompress[encoding](response.body).equals(original)).toBe(true);
  }
});

test('a browser that takes both gets brotli; one that names neither gets the file as it is', async () => {
  const asset = await entryScript();
  const both = await rawGet(`${server.url}${asset}`, { 'accept-encoding': 'gzip, deflate, br, zstd' });
  expect(both.headers['content-encoding']).toBe('br');

  const plain = await rawGet(`${server.url}${asset}`);
  expect(plain.headers['content-encoding']).toBeUndefined();
  expect(plain.headers.vary).toMatch(/accept-encoding/i);
  expect(plain.body.equals(await fs.readFile(path.join(inject('clientDir'), asset)))).toBe(true);
});

test('the app shell, served for any client route, is compressed and never cached', async () => {
  const original = await fs.readFile(path.join(inject('clientDir'), 'index.html'));
  for (const url of ['/', '/album/3?filtro=doppie']) {
    const response = await rawGet(`${server.url}${url}`, { 'accept-encoding': 'br' });
    expect(response.status).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(zlib.brotliDecompressSync(response.body).equals(original)).toBe(true);
  }
});

test('the compressed copies have no URL of their own', async () => {
  expect((await rawGet(`${server.url}${await entryScript()}.br`)).status).toBe(404);
});

test('the service worker and the web app manifest are served as themselves, never cached', async () => {
  for (const [file, type] of [
    ['sw.js', /^(application|text)\/javascript/],
    ['manifest.webmanifest', /^application\/manifest\+json/],
    ['icons/icon-512.png', /^image\/png/],
  ] as const) {
    const response = await rawGet(`${server.url}/${file}`);
    expect(response.status, file).toBe(200);
    expect(response.headers['content-type'], file).toMatch(type);
    expect(response.headers['cache-control'], file).toBe('no-cache');
    expect(response.body.equals(await fs.readFile(path.join(inject('clientDir'), file))), file).toBe(true);
  }
  const manifest = JSON.parse((await rawGet(`${server.url}/manifest.webmanifest`)).body.toString());
  expect(manifest).toMatchObject({ name: 'Scambio Figurine', start_url: '/', display: 'standalone' });
});

test('a missing file is a 404, not the app shell', async () => {
  for (const url of ['/workbox-0123abcd.js', '/old-sw.js', '/robots.txt', '/favicon.ico?v=2']) {
    const response = await rawGet(`${server.url}${url}`);
    expect(response.status, url).toBe(404);
    expect(response.headers['content-type'], url).toMatch(/^application\/json/);
  }
});
