import { afterAll, beforeAll, expect, test } from 'vitest';
import { apiClient } from '../../../test/support/api-client.ts';
import { startTestServer, type TestServer } from '../../../test/support/test-server.ts';
import { trpcBodyLimit } from './body-limits.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const errorReport = (description: string) => ({ type: 'js_error', description });

test('an anonymous error report over tRPC has the REST limit: 20 KB is refused with 413', async () => {
  const api = apiClient(server.url);
  const body = JSON.stringify(errorReport('x'.repeat(20 * 1024)));
  const rest = await api.request('POST', '/api/reports/error', { raw: body });
  expect(rest.status).toBe(413);
  const trpc = await api.request('POST', '/trpc/reports.error', { raw: body });
  expect(trpc).toMatchObject({ status: 413, body: { message: 'Richiesta troppo grande' } });
  const huge = await api.request('POST', '/trpc/reports.error', {
    raw: JSON.stringify(errorReport('x'.repeat(1_500 * 1024))),
  });
  expect(huge.status).toBe(413);
});

test('a chunked body (no declared length) is cut at the limit too', async () => {
  const chunk = new TextEncoder().encode('x'.repeat(8 * 1024));
  let sent = 0;
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent === 0) controller.enqueue(new TextEncoder().encode('{"type":"js_error","description":"'));
      if (sent >= 40) {
        controller.enqueue(new TextEncoder().encode('"}'));
        controller.close();
        return;
      }
      sent += 1;
      controller.enqueue(chunk);
    },
  });
  const response = await fetch(new URL('/trpc/reports.error', server.url), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: stream,
    duplex: 'half',
  } as RequestInit);
  expect(response.status).toBe(413);
});

test('the admin import keeps its large limit over tRPC (refused for not being admin, not for size)', async () => {
  const lines = Array.from({ length: 5_000 }, (_, i) => `${i + 1} - Giocatore ${i + 1}`).join('\n');
  const response = await apiClient(server.url).request('POST', '/trpc/stickers.import', {
    raw: JSON.stringify({ albumId: 1, text: lines }),
  });
  expect(response.status).toBe(401);
});

test('a batch may carry each of its procedures’ limits', () => {
  expect(trpcBodyLimit('/trpc/reports.error')).toBe(16 * 1024);
  expect(trpcBodyLimit('/trpc/reports.error,reports.error?batch=1')).toBe(32 * 1024);
  expect(trpcBodyLimit('/trpc/auth.login?batch=1')).toBe(64 * 1024);
  expect(trpcBodyLimit(`/trpc/${Array(100).fill('stickers.import').join(',')}`)).toBe(1_536 * 1024);
});

test('a malformed procedure name in the URL is a 4xx, never a 500', async () => {
  const response = await apiClient(server.url).request('POST', '/trpc/%E0%A4%A', {
    raw: JSON.stringify({}),
  });
  expect(response.status).toBeGreaterThanOrEqual(400);
  expect(response.status).toBeLessThan(500);
});
