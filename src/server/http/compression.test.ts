import zlib from 'node:zlib';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { rawGet } from '../../../test/support/raw-http.ts';
import { startTestServer, type TestServer } from '../../../test/support/test-server.ts';
import { COMPRESSION_THRESHOLD } from './compression.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

test('a JSON answer over 1 KB is compressed with brotli or gzip, whichever the client takes', async () => {
  const plain = await rawGet(`${server.url}/api/openapi.json`);
  expect(plain.headers['content-encoding']).toBeUndefined();
  expect(plain.body.length).toBeGreaterThan(COMPRESSION_THRESHOLD);

  const brotli = await rawGet(`${server.url}/api/openapi.json`, { 'accept-encoding': 'gzip, br' });
  expect(brotli.headers['content-encoding']).toBe('br');
  expect(brotli.headers.vary).toMatch(/accept-encoding/i);
  expect(brotli.headers['cache-control']).toBe('no-store');
  expect(zlib.brotliDecompressSync(brotli.body).equals(plain.body)).toBe(true);

  const gzip = await rawGet(`${server.url}/api/openapi.json`, { 'accept-encoding': 'gzip' });
  expect(gzip.headers['content-encoding']).toBe('gzip');
  expect(zlib.gunzipSync(gzip.body).equals(plain.body)).toBe(true);
});

test('a JSON answer under 1 KB goes out as it is', async () => {
  const health = await rawGet(`${server.url}/api/health`, { 'accept-encoding': 'gzip, br' });
  expect(health.headers['content-encoding']).toBeUndefined();
  expect(JSON.parse(health.body.toString())).toEqual({ ok: true });
});
