import zlib from 'node:zlib';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { registeredUser } from '../../../test/support/api-client.ts';
import { createAlbum } from '../../../test/support/catalogue.ts';
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

test('tRPC answers follow the same rule: a short one as it is, a long one compressed', async () => {
  const collector = await registeredUser(server.url);
  const album = await createAlbum(server.databaseUrl, { stickers: 40 });
  const headers = { cookie: collector.api.cookie ?? '', 'accept-encoding': 'gzip, deflate, br, zstd' };
  const call = (path: string, input: unknown) =>
    rawGet(
      `${server.url}/trpc/${path}?batch=1&input=${encodeURIComponent(JSON.stringify({ 0: input }))}`,
      headers,
    );

  const me = await call('auth.me', undefined);
  expect(me.status).toBe(200);
  expect(me.headers['content-encoding']).toBeUndefined();
  expect(me.headers['cache-control']).toBe('no-store');
  expect(JSON.parse(me.body.toString())).toMatchObject([{ result: { data: { id: collector.id } } }]);

  const stickers = await call('stickers.list', { albumId: album.id });
  expect(stickers.headers['content-encoding']).toBe('br');
  const [answer] = JSON.parse(zlib.brotliDecompressSync(stickers.body).toString());
  expect(answer.result.data).toHaveLength(40);
});
