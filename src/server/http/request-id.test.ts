import type { IncomingMessage } from 'node:http';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { apiClient } from '../../../test/support/api-client.ts';
import { logLines } from '../../../test/support/log-lines.ts';
import { sql } from '../../../test/support/sql.ts';
import { startTestServer, type TestServer } from '../../../test/support/test-server.ts';
import { proxyTrust, requestIdOf } from './request-id.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const log = logLines();
let server: TestServer;

beforeAll(async () => {
  // The test servers trust one proxy (TRUST_PROXY=1), as the app does behind a load balancer.
  server = await startTestServer({ env: { LOG_LEVEL: 'info' }, logDestination: log.destination });
});

afterAll(async () => {
  await server?.close();
});

const linesOf = (reqId: string) => log.lines.filter((line) => line.reqId === reqId);

test('every answer carries its request id, a UUID of its own, on each of its log lines', async () => {
  const [first, second] = await Promise.all([
    fetch(`${server.url}/api/health`),
    fetch(`${server.url}/api/health`),
  ]);
  const ids = [first?.headers.get('x-request-id'), second?.headers.get('x-request-id')];
  expect(ids[0]).toMatch(UUID);
  expect(ids[1]).toMatch(UUID);
  expect(ids[0]).not.toBe(ids[1]);
  await expect
    .poll(() => linesOf(ids[0] as string).map((line) => line.msg))
    .toEqual(['incoming request', 'request completed']);
});

test("the trusted proxy's x-request-id is kept; one of a strange shape or length is replaced", async () => {
  const kept = await fetch(`${server.url}/api/health`, { headers: { 'x-request-id': 'lb-7f3a.42:1' } });
  expect(kept.headers.get('x-request-id')).toBe('lb-7f3a.42:1');
  for (const strange of ['x'.repeat(129), 'a b', 'id\u00e8', '']) {
    const replaced = await fetch(`${server.url}/api/health`, { headers: { 'x-request-id': strange } });
    expect(replaced.headers.get('x-request-id')).toMatch(UUID);
  }
});

test('without a trusted proxy in front, a client cannot choose its request id', () => {
  const from = (remoteAddress: string) =>
    ({
      headers: { 'x-request-id': 'chosen-by-client' },
      socket: { remoteAddress },
    }) as unknown as IncomingMessage;
  expect(requestIdOf(from('127.0.0.1'), proxyTrust(false))).toMatch(UUID);
  expect(requestIdOf(from('127.0.0.1'), proxyTrust(['10.0.0.1']))).toMatch(UUID);
  expect(requestIdOf(from('10.0.0.1'), proxyTrust(['10.0.0.1']))).toBe('chosen-by-client');
  expect(requestIdOf(from('127.0.0.1'), proxyTrust(1))).toBe('chosen-by-client');
});

test("a procedure's failure is logged with the id of its request, by either tRPC path and by REST", async () => {
  await sql(
    server.databaseUrl,
    `create function refuse_reports() returns trigger language plpgsql as
       $$ begin raise exception 'reports refused by this test'; end $$;
     create trigger refuse_reports before insert on report for each row execute function refuse_reports();`,
  );
  const client = apiClient(server);
  const report = { type: 'js_error', description: 'x is undefined' };
  const calls = [
    { id: 'trpc-batch-1', path: '/trpc/reports.error?batch=1', body: { 0: report } },
    { id: 'trpc-single-1', path: '/trpc/reports.error', body: report },
    { id: 'rest-1', path: '/api/reports/error', body: report },
  ];
  for (const call of calls) {
    const answer = await client.request('POST', call.path, {
      json: call.body,
      headers: { 'x-request-id': call.id },
    });
    expect(answer.status).toBe(500);
    expect(answer.headers.get('x-request-id')).toBe(call.id);
    await expect
      .poll(() => linesOf(call.id).find((line) => line.level === 50))
      .toMatchObject({ err: { message: expect.stringContaining('reports refused by this test') } });
  }
});
