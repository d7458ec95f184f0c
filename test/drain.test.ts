import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, expect, inject, test } from 'vitest';
import { registeredUser } from './support/api-client.ts';
import { createAlbum } from './support/catalogue.ts';
import { createTestDatabase } from './support/database.ts';
import { openSse } from './support/sse.ts';
import { startTestServer, type TestServer } from './support/test-server.ts';

const MAIN = path.resolve('src/server/main.ts');
const DRAIN_TIMEOUT_MS = 10_000;
const TAPS = 50;
const running = new Set<ChildProcess>();
const dataDirs: string[] = [];

afterAll(async () => {
  for (const child of running) child.kill('SIGKILL');
  await Promise.all(dataDirs.map((dir) => fs.rm(dir, { recursive: true, force: true })));
});

/** The app as production runs it (node on main.ts), on a test database; resolves with its URL once ready. */
async function startApp(databaseUrl: string) {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'scambio-drain-'));
  dataDirs.push(dataDir);
  const child = spawn(process.execPath, [MAIN], {
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'test',
      PORT: '0',
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      SESSION_SECRET: 'test-session-secret-that-is-long-enough-0123456789',
      SEED_DEMO: '0',
      TRUST_PROXY: '1',
      REGISTRATION_LIMIT_PER_HOUR: '0',
      LOG_LEVEL: 'info',
      CLIENT_DIR: inject('clientDir'),
      DRAIN_TIMEOUT_MS: String(DRAIN_TIMEOUT_MS),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  let output = '';
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const url = await new Promise<string>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const found = output.match(/pronto: (http:\/\/localhost:\d+)/)?.[1];
      if (found) resolve(found);
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    void exited.then((code) => reject(new Error(`exited with ${code} before ready:\n${output}`)));
  });
  return { child, url, exited, output: () => output };
}

/**
 * A connection with a request begun (headers not finished), so the server counts it busy and keeps it
 * through a drain; `finish()` completes the request and resolves with the raw answer.
 */
async function begunRequest(url: string, requestPath: string) {
  const { port } = new URL(url);
  const socket = net.connect(Number(port), '127.0.0.1');
  await new Promise<void>((resolve, reject) => socket.once('connect', resolve).once('error', reject));
  socket.write(`GET ${requestPath} HTTP/1.1\r\nHost: localhost\r\n`);
  let answer = '';
  socket.on('data', (chunk) => (answer += chunk.toString()));
  return {
    finish: () =>
      new Promise<string>((resolve, reject) => {
        socket.once('close', () => resolve(answer));
        socket.once('error', reject);
        socket.write('\r\n');
      }),
  };
}

async function until(condition: () => boolean) {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 1));
}

/** Until `condition` holds, asked every 10 ms, for 10 s at most. */
async function eventually(condition: () => Promise<boolean> | boolean, what: string) {
  const deadline = Date.now() + 10_000;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`${what}: not within 10 s`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

async function refusesConnections(url: string) {
  const deadline = Date.now() + 5000;
  while (Date.now() < deadline) {
    const refused = await fetch(`${url}/api/health`).then(
      () => false,
      () => true,
    );
    if (refused) return true;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return false;
}

test('/api/ready answers 200 on a running server, and /api/health stays the liveness check; the database ending its idle connections crashes nothing', async () => {
  const server = await startTestServer();
  try {
    const ready = await fetch(`${server.url}/api/ready`);
    expect({ status: ready.status, body: await ready.json() }).toEqual({ status: 200, body: { ok: true } });
    expect((await fetch(`${server.url}/api/health`)).status).toBe(200);

    // A restart, a failover or an administrator ends the app's idle connections: each pool drops them and
    // opens new ones; an 'error' event with no listener would end the process (seen stopping after a restore).
    const album = await createAlbum(server.databaseUrl, { stickers: 3 });
    const user = await registeredUser(server.url);
    const sticker = album.stickers[0]?.id;
    let status: 'yes' | 'no' = 'no';
    const tap = () => {
      status = status === 'yes' ? 'no' : 'yes';
      return user.api.request('PUT', `/api/user/stickers/${sticker}`, { json: { status } });
    };
    expect((await tap()).status).toBe(200);
    const db = new pg.Client({ connectionString: server.databaseUrl });
    await db.connect();
    try {
      const ended = await db.query(
        `select pg_terminate_backend(pid) from pg_stat_activity
          where application_name in ('scambio-figurine/queries', 'scambio-figurine/taps') and state = 'idle'`,
      );
      expect(ended.rowCount).toBeGreaterThan(0);
    } finally {
      await db.end();
    }
    await expect.poll(async () => (await tap()).status).toBe(200);
    expect((await fetch(`${server.url}/api/ready`)).status).toBe(200);
  } finally {
    await server.close();
  }
});

test('/api/ready/warm says warming until the albums searched lately on another server are in memory here', async () => {
  const databaseUrl = await createTestDatabase(inject('clusterUrl'));
  const album = await createAlbum(databaseUrl, { stickers: 5 });
  const first = await startTestServer({ databaseUrl });
  let second: TestServer | undefined;
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  const readyWarm = async (url: string) => (await fetch(`${url}/api/ready/warm`)).status === 200;
  try {
    // Nothing searched yet: warm as soon as it listens.
    await eventually(() => readyWarm(first.url), 'the first server warm');
    const collector = await registeredUser(first.url);
    await collector.api.put(`/api/user/stickers/${album.stickers[0]?.id}`, { status: 'double' });
    // The first search reads the album (SQL answers it); the next, from memory, records its use.
    await collector.api.get(`/api/matches/potential?albumId=${album.id}&radiusKm=10`);
    await first.matchIndex.loaded(album.id);
    await collector.api.get(`/api/matches/potential?albumId=${album.id}&radiusKm=10`);
    await eventually(
      async () =>
        (await db.query('select 1 from match_index_album_use where album_id = $1', [album.id])).rowCount ===
        1,
      'the album’s use recorded',
    );
    // The next server's read of it waits behind a lock held here: warming, while /api/ready says ready.
    await db.query('begin');
    await db.query('lock table collection in access exclusive mode');
    second = await startTestServer({ databaseUrl });
    const { url, matchIndex } = second;
    await eventually(() => matchIndex.history().length === 1, 'the warm read begun');
    const warming = await fetch(`${url}/api/ready/warm`);
    expect({ status: warming.status, body: await warming.json() }).toEqual({
      status: 503,
      body: { ok: false, message: 'match index warming' },
    });
    expect((await fetch(`${url}/api/ready`)).status).toBe(200);
    await db.query('rollback');
    await eventually(() => readyWarm(url), 'the second server warm');
    expect(matchIndex.history().map(({ albumId, event }) => `${event} ${albumId}`)).toEqual([
      `reading ${album.id}`,
      `loaded ${album.id}`,
    ]);
  } finally {
    await db.query('rollback').catch(() => undefined);
    await db.end();
    await second?.close();
    await first.close();
  }
});

test('SIGTERM drains: taps in flight all answered and stored, ready says 503, streams closed, exit 0', async () => {
  const databaseUrl = await createTestDatabase(inject('clusterUrl'));
  const album = await createAlbum(databaseUrl, { stickers: TAPS });
  const app = await startApp(databaseUrl);
  const collector = await registeredUser(app.url);
  const inbox = await openSse(`${app.url}/trpc/chat.onInbox`, collector.api.cookie as string);
  await inbox.next((data) => (data as { type?: string } | null)?.type === 'ready');
  const readyProbe = await begunRequest(app.url, '/api/ready');

  // The album's row held by a transaction of the test's own: the taps reach the server and wait there for
  // it, so they are in flight when SIGTERM comes, however fast the machine (unheld, a quick server had
  // answered all 50 before the signal, and the test proved nothing).
  const holder = new pg.Client({ connectionString: databaseUrl });
  await holder.connect();
  await holder.query('begin');
  await holder.query('select 1 from album where id = $1 for update', [album.id]);

  let answered = 0;
  const taps = album.stickers.map((sticker) =>
    collector.api.put(`/api/user/stickers/${sticker.id}`, { status: 'yes' }).then(
      (response) => {
        answered += 1;
        return response.status;
      },
      (error: Error) => `${error.message}: ${(error.cause as Error | undefined)?.message}`,
    ),
  );
  // Every tap has reached the server (its log says so) and some are not answered yet: SIGTERM now. (A
  // connection still in the listener's queue when it closes is reset by the kernel: a load balancer
  // that heeds /api/ready sends none.)
  await until(
    () => (app.output().match(/"method":"PUT","url":"\/api\/user\/stickers\//g) ?? []).length === TAPS,
  );
  const answeredBeforeSignal = answered;
  expect(answeredBeforeSignal).toBe(0);
  const signalledAt = Date.now();
  app.child.kill('SIGTERM');

  expect(await refusesConnections(app.url)).toBe(true);
  await holder.query('commit');
  await holder.end();
  const readyAnswer = await readyProbe.finish().catch((error: Error) => error.message);
  const statuses = await Promise.all(taps);
  const exitCode = await app.exited;
  const drainMs = Date.now() - signalledAt;
  running.delete(app.child);

  expect(answeredBeforeSignal).toBeLessThan(TAPS);
  expect(statuses.filter((status) => status !== 200)).toEqual([]);
  expect(readyAnswer).toMatch(/^HTTP\/1\.1 503/);
  expect(readyAnswer).toMatch(/\{"ok":false,"message":"draining"\}/);
  await inbox.ended;
  expect(exitCode).toBe(0);
  expect(drainMs).toBeLessThan(DRAIN_TIMEOUT_MS);

  // Every tap is stored: another instance on the same database shows them all.
  const next = await startTestServer({ databaseUrl });
  try {
    const owned = await fetch(`${next.url}/api/user/stickers/${album.id}`, {
      headers: { cookie: collector.api.cookie as string },
    });
    expect(((await owned.json()) as unknown[]).length).toBe(TAPS);
  } finally {
    await next.close();
  }
});
