import pg from 'pg';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { registeredUser } from '../../../test/support/api-client.ts';
import { createAlbum } from '../../../test/support/catalogue.ts';
import { logLines } from '../../../test/support/log-lines.ts';
import { openSse } from '../../../test/support/sse.ts';
import { startTestServer, type TestServer } from '../../../test/support/test-server.ts';
import { HOLD_CHANNEL } from './listen-watchdog.ts';

// A listener that stops reading holds PostgreSQL's one notification queue (docs/decisions/039). Both of a
// server's LISTEN connections are left idle in a transaction while taps, searches and chat go on: the
// writes keep succeeding, the watchdog notices (metric, log), replaces both connections, and the server
// catches up with what was committed meanwhile.

const TOKEN = 'metrics-token-0123456789';
const LISTENERS = ['scambio-figurine/listen', 'scambio-figurine/index-listen'];
const logs = logLines();
let server: TestServer;
let db: pg.Pool;

beforeAll(async () => {
  server = await startTestServer({
    env: { LISTEN_HEARTBEAT_MS: '100', LISTEN_STALL_MS: '800', LOG_LEVEL: 'warn', METRICS_TOKEN: TOKEN },
    logDestination: logs.destination,
  });
  db = new pg.Pool({ connectionString: server.databaseUrl, max: 2 });
});
afterAll(async () => {
  await db?.end();
  await server?.close();
});

/** Polls `read` every 50 ms until `done` says yes (or `timeoutMs` passes, which fails). */
async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`still not there: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The server's LISTEN sessions on its database: pid and state, by application name. */
async function listenSessions() {
  const { rows } = await db.query<{ pid: number; name: string; state: string }>(
    `select pid, application_name as name, state from pg_stat_activity
      where datname = current_database() and application_name = any($1) order by application_name`,
    [LISTENERS],
  );
  return rows;
}

async function stalls() {
  const response = await fetch(`${server.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
  const text = await response.text();
  const count = (listener: string) =>
    Number(
      new RegExp(`^listen_connection_stalls_total\\{listener="${listener}"\\} (\\S+)$`, 'm').exec(
        text,
      )?.[1] ?? 0,
    );
  return {
    notifications: count('notifications'),
    matchIndex: count('match_index'),
    queueUsage: /^pg_notification_queue_usage_ratio (\S+)$/m.exec(text)?.[1],
  };
}

test('listeners left idle in a transaction are noticed and replaced; taps go on, and what they missed arrives', async () => {
  const [anna, bruno] = await Promise.all([registeredUser(server.url), registeredUser(server.url)]);
  const album = await createAlbum(server.databaseUrl, { stickers: 4 });
  const mark = (collector: typeof anna, numbers: string) =>
    collector.api.post('/api/user/stickers/bulk', { albumId: album.id, numbers, status: 'double' });
  expect((await mark(anna, '1')).status).toBe(200);
  expect((await mark(bruno, '2')).status).toBe(200);
  const match = await anna.api.post<{ id: number }>('/api/matches', { user2Id: bruno.id });
  expect(match.status).toBe(200);
  const input = encodeURIComponent(JSON.stringify({ matchId: match.body.id }));
  const chat = await openSse(`${server.url}/trpc/chat.onMessage?input=${input}`, bruno.api.cookie as string);
  await chat.next((data) => (data as { type?: string }).type === 'ready');
  const { rows } = await db.query<{ latitude: number; longitude: number }>(
    'select latitude, longitude from app_user where id = $1',
    [anna.id],
  );
  const annaQuery = {
    userId: anna.id,
    ...(rows[0] as { latitude: number; longitude: number }),
    radiusKm: 50,
    limit: 50,
  };
  const fromIndex = () => server.matchIndex.search(album.id, annaQuery);
  // The index has the album in memory and answers (not SQL).
  await until(fromIndex, (answer) => answer !== undefined);

  const held = await until(listenSessions, (sessions) => sessions.length === 2);
  for (const { pid } of held) await db.query('select pg_notify($1, $2)', [HOLD_CHANNEL, String(pid)]);
  await until(listenSessions, (sessions) => sessions.every((s) => s.state === 'idle in transaction'));

  // While nobody on this server reads the queue: taps, a search, a message all succeed.
  expect((await mark(bruno, '3')).status).toBe(200);
  expect((await mark(bruno, '4')).status).toBe(200);
  const search = await anna.api.get<{ id: number }[]>(
    `/api/matches/potential?albumId=${album.id}&radiusKm=50`,
  );
  expect(search.status).toBe(200);
  expect(search.body.map((candidate) => candidate.id)).toContain(bruno.id);
  const sent = await anna.api.post(`/api/matches/${match.body.id}/messages`, {
    content: 'Durante lo stallo',
  });
  expect(sent.status).toBe(200);

  // Noticed: counted, logged, the stuck sessions ended and replaced by new ones.
  await until(stalls, (counts) => counts.notifications >= 1 && counts.matchIndex >= 1);
  expect(logs.lines.map((line) => String(line.msg))).toEqual(
    expect.arrayContaining([
      expect.stringMatching(/^notifications LISTEN connection stalled/),
      expect.stringMatching(/^match index LISTEN connection stalled/),
    ]),
  );
  // Idle between their heartbeats: a sample taken during one reads 'active' (r17), never 'idle in transaction'.
  const replaced = await until(
    listenSessions,
    (sessions) =>
      sessions.length === 2 &&
      sessions.every((s) => !held.some((h) => h.pid === s.pid) && s.state === 'idle'),
  );
  expect(replaced.map((s) => s.state)).toEqual(['idle', 'idle']);

  // Caught up: the chat stream resyncs and gets the message; the index has the taps made meanwhile.
  await chat.next(
    (data) => (data as { message?: { content?: string } }).message?.content === 'Durante lo stallo',
  );
  const answer = await until(fromIndex, (answer) => answer !== undefined);
  const brunoThere = answer?.candidates.find((candidate) => candidate.userId === bruno.id);
  expect(brunoThere?.theyGive).toBe(3);
  chat.close();

  // The queue's usage is a metric (near 0 here: the stuck sessions are gone).
  expect(Number((await stalls()).queueUsage)).toBeLessThan(0.1);
});
