import fs from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import { apiClient } from '../../../test/support/api-client.ts';
import { rawGet } from '../../../test/support/raw-http.ts';
import { startTestServer, type TestServer } from '../../../test/support/test-server.ts';
import { DEFAULT_BODY_LIMIT } from './body-limits.ts';
import { restRoutes } from './rest-routes.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

test('GET /api/health answers { ok: true }', async () => {
  expect(await apiClient(server.url).get('/api/health')).toMatchObject({ status: 200, body: { ok: true } });
});

test('malformed JSON is a 400 in Italian, never a 500', async () => {
  const response = await apiClient(server.url).request('POST', '/api/auth/login', {
    raw: '{"nickname": "A",',
  });
  expect(response).toMatchObject({
    status: 400,
    body: { message: 'Richiesta non valida: il corpo non è JSON valido' },
  });
});

test('a body over the limit is refused with 413 before it is parsed', async () => {
  const raw = JSON.stringify({ nickname: 'A', password: 'x'.repeat(DEFAULT_BODY_LIMIT) });
  const response = await apiClient(server.url).request('POST', '/api/auth/login', { raw });
  expect(response).toMatchObject({ status: 413, body: { message: 'Richiesta troppo grande' } });
});

test('a body that is not JSON is refused with 415', async () => {
  const response = await apiClient(server.url).request('POST', '/api/auth/login', {
    raw: 'nickname=A',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
  expect(response).toMatchObject({
    status: 415,
    body: { message: 'Formato della richiesta non supportato: usa JSON' },
  });
});

test('an unknown API path is a 404 with an Italian message', async () => {
  expect(await apiClient(server.url).get('/api/non-esiste')).toMatchObject({
    status: 404,
    body: { message: 'Risorsa non trovata' },
  });
  expect((await apiClient(server.url).request('DELETE', '/api/auth/me')).status).toBe(404);
});

test('responses carry security headers', async () => {
  const { headers } = await apiClient(server.url).get('/api/health');
  expect(headers.get('content-security-policy')).toContain("default-src 'self'");
  expect(headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
  expect(headers.get('x-content-type-options')).toBe('nosniff');
  expect(headers.get('referrer-policy')).toBe('no-referrer');
  expect(headers.get('x-powered-by')).toBeNull();
});

test('client routes are served the app shell; assets are cached, the shell is not', async () => {
  const shell = await fetch(new URL('/album?reset=true', server.url));
  expect(shell.status).toBe(200);
  expect(shell.headers.get('cache-control')).toBe('no-cache');
  const html = await shell.text();
  expect(html).toContain('<div id="root">');
  const asset = html.match(/src="(\/assets\/[^"]+\.js)"/)?.[1];
  expect(asset).toBeDefined();
  const script = await fetch(new URL(asset as string, server.url));
  expect(script.headers.get('cache-control')).toContain('immutable');
});

test('no source map is built or served: the client source stays private', async () => {
  const built = await fs.readdir(inject('clientDir'), { recursive: true });
  expect(built.filter((file) => file.endsWith('.map'))).toEqual([]);
  const html = await (await fetch(new URL('/', server.url))).text();
  const asset = html.match(/src="(\/assets\/[^"]+\.js)"/)?.[1] as string;
  const map = await fetch(new URL(`${asset}.map`, server.url));
  expect(map.status).toBe(404);
  expect(await map.text()).not.toContain('sourcesContent');
  expect(await (await fetch(new URL(asset, server.url))).text()).not.toContain('sourceMappingURL');
});

test('tRPC errors say only the Italian message: no stack trace', async () => {
  const response = await fetch(new URL('/trpc/auth.me', server.url));
  expect(response.status).toBe(401);
  const text = await response.text();
  expect(text).toContain("Devi effettuare l'accesso");
  expect(text).not.toMatch(/stack|at file:|node_modules/);
});

test('tRPC input errors carry the zod message in Italian', async () => {
  const response = await fetch(new URL('/trpc/auth.register', server.url), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ birthYear: 1990, birthMonth: 5, nickname: 'A', password: 'segreto1', cap: '1' }),
  });
  expect(response.status).toBe(400);
  expect(await response.json()).toMatchObject({ error: { message: 'Il CAP deve essere di 5 cifre' } });
});

test('an unknown tRPC procedure is the Italian 404, echoing nothing of the path, single or batched', async () => {
  const asked = `richiesta${'x'.repeat(291)}`;
  for (const [path, calls] of [
    [`/trpc/${asked}`, 1],
    [`/trpc/${asked}?input=%7B%7D`, 1],
    [`/trpc/a${asked},b${asked}?batch=1&input=%7B%7D`, 2],
    ['/trpc/a,b?batch=1', 2],
  ] as const) {
    const response = await fetch(new URL(path, server.url));
    const text = await response.text();
    expect(response.status, path.slice(0, 30)).toBe(404);
    const body = JSON.parse(text) as unknown;
    const errors = (Array.isArray(body) ? body : [body]) as { error: { message: string; data: object } }[];
    expect(errors).toHaveLength(calls);
    for (const { error } of errors) {
      expect(error.message).toBe('Risorsa non trovata');
      expect(error.data).toEqual({ code: 'NOT_FOUND', httpStatus: 404 });
    }
    expect(text).not.toContain('richiesta');
    expect(text).not.toMatch(/"path"|procedure/i);
  }
  // A procedure that exists still names itself in its errors.
  const known = (await (await fetch(new URL('/trpc/auth.me', server.url))).json()) as {
    error: { data: { path: string } };
  };
  expect(known.error.data.path).toBe('auth.me');
});

test('every operation of /api/openapi.json documents its success body', async () => {
  type Responses = Record<string, { content?: Record<string, { schema?: object }> }>;
  const { body } = await apiClient(server.url).get<{
    paths: Record<string, Record<string, { responses: Responses }>>;
  }>('/api/openapi.json');
  const operations = Object.entries(body.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({ name: `${method} ${path}`, operation })),
  );
  expect(operations.length).toBeGreaterThan(restRoutes.length);
  const undocumented = operations.flatMap(({ name, operation }) => {
    const successes = Object.entries(operation.responses).filter(([status]) => /^2/.test(status));
    if (successes.length === 0) return [`${name}: no 2xx response`];
    return successes
      .filter(([, response]) => {
        const schemas = Object.values(response.content ?? {}).map((media) => media.schema ?? {});
        return schemas.length === 0 || schemas.some((schema) => Object.keys(schema).length === 0);
      })
      .map(([status]) => `${name}: ${status} without a body schema`);
  });
  expect(undocumented).toEqual([]);
});

test('/api/openapi.json describes every REST route with its input schema', async () => {
  const { status, body } = await apiClient(server.url).get<{
    openapi: string;
    paths: Record<string, Record<string, { requestBody?: { content: Record<string, { schema: unknown }> } }>>;
  }>('/api/openapi.json');
  expect(status).toBe(200);
  expect(body.openapi).toBe('3.1.0');
  for (const route of restRoutes) {
    expect(body.paths[route.path.replace(/:(\w+)/g, '{$1}')]?.[route.method.toLowerCase()]).toBeDefined();
  }
  const register = body.paths['/api/auth/register']?.post?.requestBody?.content['application/json']?.schema;
  expect(register).toMatchObject({
    properties: {
      nickname: { maxLength: 8 },
      cap: { maxLength: 5, allOf: expect.arrayContaining([{ pattern: '^\\d{5}$' }]) },
    },
  });
});

describe("the framework's own refusals speak the app's language", () => {
  const italian = (body: unknown) => {
    expect(Object.keys(body as object)).toEqual(['message']);
    const { message } = body as { message: string };
    expect(message).not.toMatch(/FST_|exceed|valid url|Client Error/i);
    return message;
  };

  test('an over-long path is a 414 with an Italian message, nothing echoed', async () => {
    const long = 'collection.setStatus,'.repeat(600);
    for (const path of [`/trpc/${long}x?batch=1`, `/api/matches/${'9'.repeat(10_000)}`]) {
      const response = await apiClient(server.url).request('POST', path, { json: {} });
      expect(response.status, path.slice(0, 20)).toBe(414);
      expect(italian(response.body)).toBe('Indirizzo troppo lungo');
      expect(JSON.stringify(response.body)).not.toContain('collection.setStatus');
    }
  });

  test('a malformed URL is a 400 with an Italian message', async () => {
    for (const path of ['/api/matches/%E0%A4%A', '/trpc/%E0%A4%A']) {
      const response = await apiClient(server.url).get(path);
      expect(response.status, path).toBe(400);
      expect(italian(response.body)).toBe('Indirizzo non valido');
    }
  });

  test("tRPC's own refusals of a malformed batch are in Italian too", async () => {
    const client = apiClient(server.url);
    for (const [path, raw] of [
      ['/trpc/auth.login?batch=1', '[1,2]'],
      ['/trpc/auth.logout,auth.session?batch=1', '{}'],
    ] as const) {
      const response = await client.request<unknown>('POST', path, { raw });
      expect(response.status, path).toBe(400);
      expect(JSON.stringify(response.body), path).not.toMatch(/needs to be|Cannot mix|procedure/);
      expect(JSON.stringify(response.body), path).toContain('Richiesta non valida');
    }
  });

  test('headers too large are a 431 in Italian', async () => {
    const response = await rawGet(new URL('/api/health', server.url).href, { 'x-huge': 'a'.repeat(20_000) });
    expect(response.status).toBe(431);
    expect(italian(JSON.parse(response.body.toString()))).toBe('Intestazioni della richiesta troppo grandi');
  });
});
