import { afterAll, beforeAll, expect, test } from 'vitest';
import { registeredUser } from '../../../test/support/api-client.ts';
import { createAlbum, type TestAlbum } from '../../../test/support/catalogue.ts';
import { startTestServer, type TestServer } from '../../../test/support/test-server.ts';
import { loadEnv } from '../env.ts';

const TOKEN = 'metrics-token-0123456789';

type Sample = { name: string; labels: Record<string, string>; value: number };

/** Prometheus' text format, as far as a test needs it: the families declared and every sample. */
function parseExposition(text: string) {
  const families = new Map<string, string>();
  const samples: Sample[] = [];
  for (const line of text.split('\n')) {
    const type = /^# TYPE (\S+) (\S+)$/.exec(line);
    if (type?.[1] && type[2]) families.set(type[1], type[2]);
    const sample = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!sample?.[1] || !sample[3]) continue;
    const labels = Object.fromEntries(
      [...(sample[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map(([, key, value]) => [key, value]),
    );
    samples.push({ name: sample[1], labels, value: Number(sample[3]) });
  }
  const value = (name: string, labels: Record<string, string> = {}) =>
    samples
      .filter((s) => s.name === name && Object.entries(labels).every(([key, v]) => s.labels[key] === v))
      .reduce((sum, s) => sum + s.value, 0);
  return { families, samples, value };
}

async function scrape(url: string, token = TOKEN) {
  const response = await fetch(`${url}/metrics`, { headers: { authorization: `Bearer ${token}` } });
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toContain('text/plain');
  return parseExposition(await response.text());
}

let server: TestServer;
let album: TestAlbum;
beforeAll(async () => {
  server = await startTestServer({ env: { METRICS_TOKEN: TOKEN } });
  album = await createAlbum(server.databaseUrl, { stickers: 5 });
});
afterAll(() => server.close());

test('/metrics on the main port, with the token, has every family and counts routes by pattern and taps', async () => {
  const user = await registeredUser(server.url);
  const [first, second] = album.stickers;
  expect((await user.api.put(`/api/user/stickers/${first?.id}`, { status: 'yes' })).status).toBe(200);
  await fetch(`${server.url}/trpc/auth.session`);
  await fetch(`${server.url}/trpc/no.suchProcedure`);
  await fetch(`${server.url}/no/such/page/${Date.now()}`, { method: 'DELETE' });
  const before = await scrape(server.url);

  for (const family of [
    'http_request_duration_seconds',
    'tap_batch_size',
    'db_pool_connections',
    'chat_open_streams',
    'match_index_ready',
    'match_index_albums',
    'match_index_collections',
    'match_index_bytes',
    'match_index_album_reads_total',
    'match_index_search_seconds',
    'pg_notification_queue_usage_ratio',
    'backup_last_success_timestamp_seconds',
    'wal_archive_last_success_timestamp_seconds',
    'wal_archive_failures',
    'nodejs_eventloop_lag_seconds',
  ]) {
    expect(before.families.has(family), family).toBe(true);
  }
  const taps = { method: 'PUT', route: '/api/user/stickers/:id', status: '200' };
  expect(before.value('http_request_duration_seconds_count', taps)).toBe(1);
  expect(before.value('http_request_duration_seconds_count', { route: '/trpc/auth.session' })).toBe(1);
  expect(before.value('http_request_duration_seconds_count', { route: '/trpc/(unknown)' })).toBe(1);
  expect(before.value('http_request_duration_seconds_count', { route: '(unmatched)', status: '404' })).toBe(
    1,
  );
  // Never a raw URL: no label names a sticker's id or a path the router does not know.
  const routes = new Set(before.samples.map((sample) => sample.labels.route).filter(Boolean));
  expect([...routes].filter((route) => /\d{3,}|no\/such|suchProcedure/.test(route as string))).toEqual([]);
  expect(before.value('tap_batch_size_count')).toBe(1);
  expect(before.value('db_pool_connections', { pool: 'orm', state: 'idle' })).toBeGreaterThan(0);
  // The queue is the whole test cluster's: other files' listeners may hold a page of it for a moment.
  expect(before.samples.find((s) => s.name === 'pg_notification_queue_usage_ratio')?.value).toBeLessThan(
    0.001,
  );
  // On an external database the app takes no backups (its platform does): never, and nothing archived here.
  expect(before.value('backup_last_success_timestamp_seconds')).toBe(0);
  expect(before.value('wal_archive_failures')).toBe(0);
  expect(before.value('match_index_ready')).toBe(1);

  await user.api.put(`/api/user/stickers/${second?.id}`, { status: 'double' });
  const after = await scrape(server.url);
  expect(after.value('http_request_duration_seconds_count', taps)).toBe(2);
  expect(after.value('tap_batch_size_count')).toBe(2);
  expect(after.value('tap_batch_size_sum')).toBe(2);
});

test('a search answered from memory is timed by part (sync, scan, describe, the wait for the thread), the album’s read counted', async () => {
  const user = await registeredUser(server.url);
  const [first] = album.stickers;
  await user.api.put(`/api/user/stickers/${first?.id}`, { status: 'double' });
  const readsBefore = (await scrape(server.url)).value('match_index_album_reads_total');
  server.matchIndex.load(album.id);
  await server.matchIndex.loaded(album.id);
  const search = await user.api.get(`/api/matches/potential?albumId=${album.id}&radiusKm=10`);
  expect(search.status).toBe(200);
  const scraped = await scrape(server.url);
  for (const phase of ['sync', 'scan', 'describe', 'thread']) {
    expect(scraped.value('match_index_search_seconds_count', { phase }), phase).toBe(1);
    expect(scraped.value('match_index_search_seconds_sum', { phase }), phase).toBeGreaterThanOrEqual(0);
  }
  expect(scraped.value('match_index_search_seconds_sum', { phase: 'sync' })).toBeGreaterThan(0);
  expect(scraped.value('match_index_album_reads_total')).toBe(readsBefore + 1);
  // Taken by the scrape: the next one counts only the searches after it.
  expect((await scrape(server.url)).value('match_index_search_seconds_count', { phase: 'scan' })).toBe(1);
  await user.api.get(`/api/matches/potential?albumId=${album.id}&radiusKm=10`);
  expect((await scrape(server.url)).value('match_index_search_seconds_count', { phase: 'scan' })).toBe(2);
});

test('a wrong or missing token gets a bare 401', async () => {
  const wrong = await fetch(`${server.url}/metrics`, {
    headers: { authorization: 'Bearer not-the-token-at-all' },
  });
  expect(wrong.status).toBe(401);
  expect(await wrong.text()).not.toContain('http_request');
  expect((await fetch(`${server.url}/metrics`)).status).toBe(401);
});

test('without METRICS_TOKEN or METRICS_PORT there is no /metrics at all', async () => {
  const plain = await startTestServer();
  try {
    const response = await fetch(`${plain.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(response.status).toBe(404);
    expect(plain.metricsPort).toBeUndefined();
  } finally {
    await plain.close();
  }
});

test('with METRICS_PORT the metrics answer there, without a token, and the main port does not expose them', async () => {
  const separate = await startTestServer({ env: { METRICS_PORT: '0', METRICS_TOKEN: TOKEN } });
  try {
    const metricsUrl = `http://127.0.0.1:${separate.metricsPort}`;
    await fetch(`${separate.url}/api/health`);
    const { families, value } = await scrape(metricsUrl, '');
    expect(families.has('http_request_duration_seconds')).toBe(true);
    expect(value('http_request_duration_seconds_count', { route: '/api/health', status: '200' })).toBe(1);
    expect((await fetch(`${metricsUrl}/api/health`)).status).toBe(404);
    const main = await fetch(`${separate.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(main.status).toBe(404);
  } finally {
    await separate.close();
  }
});

test('a METRICS_TOKEN shorter than 16 characters or a METRICS_PORT that is no port is refused', () => {
  expect(() => loadEnv({ METRICS_TOKEN: 'too-short' })).toThrow(
    /METRICS_TOKEN must be at least 16 characters/,
  );
  expect(() => loadEnv({ METRICS_PORT: '70000' })).toThrow(/METRICS_PORT must be a port number/);
  expect(() => loadEnv({ METRICS_PORT: 'nine' })).toThrow(/METRICS_PORT must be a port number/);
  expect(loadEnv({ METRICS_PORT: '9464', METRICS_TOKEN: '' })).toMatchObject({ METRICS_PORT: 9464 });
});
