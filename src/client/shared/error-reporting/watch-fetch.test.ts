import { expect, test } from 'vitest';
import type { ErrorReport } from './error-report.ts';
import { watchFetch } from './watch-fetch.ts';

const env = { base: () => 'http://localhost:3000/album' };

function watched(answer: (url: string) => Response | Promise<Response>) {
  const reports: ErrorReport[] = [];
  const original = (async (input: RequestInfo | URL) => answer(String(input))) as typeof fetch;
  return { fetch: watchFetch(original, (report) => reports.push(report), env), reports };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 10));

test('an answer ≥ 500 is reported with status, method, address, headers and the first 1,000 characters', async () => {
  const { fetch, reports } = watched(
    () => new Response('z'.repeat(1500), { status: 502, headers: { 'x-prova': 'sì' } }),
  );
  const response = await fetch('/trpc/albums.list?batch=1', { method: 'post' });
  // The app still reads the whole body.
  expect(await response.text()).toHaveLength(1500);
  await settle();
  expect(reports).toHaveLength(1);
  expect(reports[0]).toMatchObject({
    type: 'network_error',
    description: 'Errore del server 502: POST /trpc/albums.list',
    errorDetails: {
      status: 502,
      method: 'POST',
      url: 'http://localhost:3000/trpc/albums.list?batch=1',
      headers: { 'x-prova': 'sì' },
    },
  });
  expect(reports[0]?.errorDetails?.body).toBe('z'.repeat(1000));
});

test('answers below 500 are not reported', async () => {
  const { fetch, reports } = watched(() => new Response('no', { status: 404 }));
  expect((await fetch('/api/albums')).status).toBe(404);
  await settle();
  expect(reports).toEqual([]);
});

test('a request that never got an answer (the phone offline, a dropped connection) is not reported, and the caller still gets the error', async () => {
  const { fetch, reports } = watched(() => {
    throw new TypeError('Failed to fetch');
  });
  await expect(fetch('/trpc/auth.me')).rejects.toThrow('Failed to fetch');
  await settle();
  expect(reports).toEqual([]);
});

test('a request the app aborted is not a failure', async () => {
  const { fetch, reports } = watched(() => {
    throw new DOMException('The user aborted a request.', 'AbortError');
  });
  await expect(fetch('/trpc/chat.list')).rejects.toThrow();
  expect(reports).toEqual([]);
});

test('the report endpoint itself is never reported, failing or not', async () => {
  const failing = watched(() => {
    throw new TypeError('Failed to fetch');
  });
  await expect(failing.fetch('/api/reports/error', { method: 'POST' })).rejects.toThrow();
  const broken = watched(() => new Response('guasto', { status: 500 }));
  await broken.fetch('http://localhost:3000/api/reports/error', { method: 'POST' });
  await settle();
  expect([...failing.reports, ...broken.reports]).toEqual([]);
});
