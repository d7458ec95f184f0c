import { initTRPC } from '@trpc/server';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { z } from 'zod';
import { type ApiClient, apiClient, registeredUser } from '../../../test/support/api-client.ts';
import { createAlbum, type TestAlbum } from '../../../test/support/catalogue.ts';
import { startTestServer, type TestServer } from '../../../test/support/test-server.ts';
import { TRPC_BATCH_MAX } from '../../rpc/schemas/trpc-batch.ts';
import { TRPC_BATCH_TOO_LARGE_MESSAGE } from './http-errors.ts';
import { registerTrpcRoute } from './trpc-route.ts';

// tRPC over HTTP (docs/decisions/020): batched JSON mutations are answered by our route, everything else
// by tRPC's adapter. The first part checks that both answer alike, on the real server; the second that
// each call goes where it should.

let server: TestServer;
let album: TestAlbum;
let collector: ApiClient;

beforeAll(async () => {
  server = await startTestServer();
  album = await createAlbum(server.databaseUrl, { stickers: 10 });
  collector = (await registeredUser(server.url)).api;
});

afterAll(async () => {
  await server?.close();
});

type Call = { path: string; input: unknown };

/** A batch through our route, and the same calls one by one (not batched: the adapter's). */
async function batchAndSingles(client: ApiClient, calls: Call[]) {
  const batch = await client.request<unknown[]>(
    'POST',
    `/trpc/${calls.map((call) => call.path).join(',')}?batch=1`,
    { json: Object.fromEntries(calls.map((call, index) => [index, call.input])) },
  );
  const singles = [];
  for (const call of calls) {
    const body = call.input === undefined ? '' : JSON.stringify(call.input);
    singles.push(
      await client.request('POST', `/trpc/${call.path}`, {
        raw: body,
        headers: { 'content-type': 'application/json' },
      }),
    );
  }
  return { batch, singles };
}

const sticker = (index: number) => album.stickers[index]?.id as number;

describe('a batch of mutations is answered as tRPC answers each of its calls', () => {
  const cases: [string, () => ApiClient, () => Call[]][] = [
    [
      'one tap',
      () => collector,
      () => [{ path: 'collection.setStatus', input: { stickerId: sticker(0), status: 'yes', tappedAt: 1 } }],
    ],
    [
      'taps with an unknown sticker (207)',
      () => collector,
      () => [
        {
          path: 'collection.setStatus',
          input: { stickerId: sticker(1), status: 'double', spares: 3, tappedAt: 1 },
        },
        { path: 'collection.setStatus', input: { stickerId: 99_999_999, status: 'yes' } },
        { path: 'collection.setStatus', input: { stickerId: sticker(2), status: 'no', tappedAt: 1 } },
      ],
    ],
    [
      'input the schema refuses',
      () => collector,
      () => [{ path: 'collection.setStatus', input: { stickerId: sticker(0), status: 'forse' } }],
    ],
    ['no input at all', () => collector, () => [{ path: 'collection.setStatus', input: undefined }]],
    [
      'no session',
      () => apiClient(server.url),
      () => [{ path: 'collection.setStatus', input: { stickerId: sticker(0), status: 'yes' } }],
    ],
    [
      'two kinds of mutation, one refused by the domain',
      () => collector,
      () => [
        {
          path: 'collection.setStatusInBulk',
          input: { albumId: album.id, numbers: '3-5', status: 'yes', tappedAt: 1 },
        },
        { path: 'collection.setStatusInBulk', input: { albumId: 99_999_999, numbers: '1', status: 'yes' } },
      ],
    ],
  ];

  test.each(cases)('%s', async (_name, client, calls) => {
    const { batch, singles } = await batchAndSingles(client(), calls());
    const statuses = new Set(singles.map((single) => single.status));
    expect(batch.status).toBe(statuses.size === 1 ? singles[0]?.status : 207);
    expect(batch.body).toEqual(singles.map((single) => single.body));
    expect(batch.headers.get('content-type')).toBe(singles[0]?.headers.get('content-type'));
    expect(batch.headers.get('vary')).toBe(singles[0]?.headers.get('vary'));
    expect(batch.headers.get('cache-control')).toBe('no-store');
  });
});

describe('which calls our route answers', () => {
  // A router that tells which way a call came: tRPC's adapter gives every call an abort signal.
  const t = initTRPC.create();
  const router = t.router({
    write: t.procedure.input(z.object({ n: z.number() })).mutation(({ input, signal }) => ({
      n: input.n,
      adapter: signal !== undefined,
    })),
    read: t.procedure.query(({ signal }) => ({ adapter: signal !== undefined })),
  });
  const app = Fastify();

  beforeAll(async () => {
    await registerTrpcRoute(app, { router, createContext: async () => ({}), onError: () => undefined });
    await app.ready();
  });
  afterAll(() => app.close());

  const post = (url: string, payload: string, headers: Record<string, string> = {}) =>
    app.inject({ method: 'POST', url, payload, headers: { 'content-type': 'application/json', ...headers } });

  test('paths that name no procedure, or what every object has, are not found', async () => {
    for (const path of [
      'nothing',
      'constructor',
      '__proto__',
      'toString,hasOwnProperty',
      'write.constructor',
    ]) {
      const response = await post(`/trpc/${path}?batch=1`, '{"0":{"n":1},"1":{"n":1}}');
      expect(response.statusCode, path).toBe(404);
    }
  });

  test('batched JSON mutations: ours', async () => {
    const response = await post('/trpc/write,write?batch=1', '{"0":{"n":1},"1":{"n":2}}');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([
      { result: { data: { n: 1, adapter: false } } },
      { result: { data: { n: 2, adapter: false } } },
    ]);
  });

  test("everything else: the adapter's", async () => {
    expect((await post('/trpc/write', '{"n":1}')).json()).toEqual({
      result: { data: { n: 1, adapter: true } },
    });
    expect((await app.inject({ method: 'GET', url: '/trpc/read?batch=1&input={}' })).json()).toEqual([
      { result: { data: { adapter: true } } },
    ]);
    // A streamed batch, a body that is not JSON, a query in a batch of mutations.
    const streamed = await post('/trpc/write?batch=1', '{"0":{"n":3}}', {
      'trpc-accept': 'application/jsonl',
    });
    expect(streamed.body).toContain('"adapter":true');
    const broken = await post('/trpc/write?batch=1', '{"0":');
    expect(broken.statusCode).toBe(400);
    expect(broken.json()[0].error.message).toMatch(/JSON/);
    const mixed = await post('/trpc/write,read?batch=1', '{"0":{"n":4}}');
    expect(mixed.statusCode).toBe(400);
    expect(mixed.json().error.message).toMatch(/Cannot mix procedure types/);
  });
});

describe('batches as large as the client sends them, and no larger', () => {
  const taps = (count: number, from = 0) =>
    Array.from({ length: count }, (_, index) => ({
      path: 'collection.setStatus',
      input: { stickerId: sticker((from + index) % 10), status: 'yes', tappedAt: 100 + index },
    }));
  const post = (client: ApiClient, calls: Call[], headers: Record<string, string> = {}) =>
    client.request<unknown>('POST', `/trpc/${calls.map((call) => call.path).join(',')}?batch=1`, {
      json: Object.fromEntries(calls.map((call, index) => [index, call.input])),
      headers,
    });

  test(`a batch of ${TRPC_BATCH_MAX} taps is answered call by call`, async () => {
    const response = await post(collector, taps(TRPC_BATCH_MAX));
    expect(response.status).toBe(200);
    expect(response.body).toHaveLength(TRPC_BATCH_MAX);
  });

  test(`a batch of ${TRPC_BATCH_MAX} queries (the adapter's) is answered too`, async () => {
    const paths = Array.from({ length: TRPC_BATCH_MAX }, () => 'auth.session').join(',');
    const input = encodeURIComponent(JSON.stringify({}));
    const response = await collector.get<unknown[]>(`/trpc/${paths}?batch=1&input=${input}`);
    expect(response.status).toBe(200);
    expect(response.body).toHaveLength(TRPC_BATCH_MAX);
  });

  test('one call more is refused whole with 413 in Italian, on our route and on the adapter', async () => {
    const tooMany = taps(TRPC_BATCH_MAX + 1, 0).map((call) => ({
      ...call,
      input: { ...call.input, status: 'double', tappedAt: 10_000 },
    }));
    const before = await collector.get<unknown[]>(
      `/trpc/collection.list?batch=1&input=${encodeURIComponent(JSON.stringify({ 0: { albumId: album.id } }))}`,
    );
    for (const headers of [{}, { 'trpc-accept': 'application/jsonl' }] as Record<string, string>[]) {
      const response = await post(collector, tooMany, headers);
      expect(response.status).toBe(413);
      expect(response.body).toEqual({ message: TRPC_BATCH_TOO_LARGE_MESSAGE });
    }
    const queries = Array.from({ length: TRPC_BATCH_MAX + 1 }, () => 'auth.session').join(',');
    const refused = await collector.get(`/trpc/${queries}?batch=1&input={}`);
    expect(refused).toMatchObject({ status: 413, body: { message: TRPC_BATCH_TOO_LARGE_MESSAGE } });
    // Nothing of the refused batch was written.
    const after = await collector.get<unknown[]>(
      `/trpc/collection.list?batch=1&input=${encodeURIComponent(JSON.stringify({ 0: { albumId: album.id } }))}`,
    );
    expect(after.body).toEqual(before.body);
  });
});
