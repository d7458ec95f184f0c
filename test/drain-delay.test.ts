import { once } from 'node:events';
import fs from 'node:fs/promises';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { Agent, request } from 'undici';
import { afterAll, expect, inject, test } from 'vitest';
import { registeredUser } from './support/api-client.ts';
import { type AppProcess, startAppProcess } from './support/app-process.ts';
import { createAlbum } from './support/catalogue.ts';
import { createTestDatabase } from './support/database.ts';
import { openSse } from './support/sse.ts';
import { startTestServer } from './support/test-server.ts';

/** Long enough that only the second signal ends it: what happens during the delay is awaited, not timed. */
const DRAIN_DELAY_MS = 120_000;
const DRAIN_TIMEOUT_MS = 20_000;
/** Searches in flight at once, each on a kept-alive connection of its own. */
const SEARCHERS = 4;
const READY_DRAINING = '503 {"ok":false,"message":"draining"}';

const apps: AppProcess[] = [];
const dataDirs: string[] = [];
afterAll(async () => {
  for (const app of apps) app.kill('SIGKILL');
  await Promise.all(dataDirs.map((dir) => fs.rm(dir, { recursive: true, force: true })));
});

/** What a load balancer's health check sees: a GET on a connection of its own, or the connection's error. */
function onNewConnection(url: string): Promise<string> {
  return new Promise((resolve) => {
    http
      .get(url, { agent: false }, (response) => {
        let body = '';
        response.on('data', (chunk) => (body += chunk));
        response.on('end', () => resolve(`${response.statusCode} ${body}`));
      })
      .on('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
  });
}

/** Until `condition` holds, asked every 5 ms, for 15 s at most. */
async function eventually(condition: () => Promise<boolean> | boolean, what: string) {
  const deadline = Date.now() + 15_000;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`${what}: not within 15 s`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

/**
 * A tRPC call streamed as the web client's batch stream link asks for it (`trpc-accept: application/jsonl`)
 * on a connection of its own: the answer's headers go out at once, its end when the call returns.
 */
async function streamedCall(url: string, requestPath: string, cookie: string) {
  const socket = net.connect(Number(new URL(url).port), '127.0.0.1');
  await once(socket, 'connect');
  let received = '';
  socket.on('data', (chunk) => (received += chunk));
  const closed = once(socket, 'close');
  socket.write(
    `GET ${requestPath} HTTP/1.1\r\nHost: localhost\r\nCookie: ${cookie}\r\ntrpc-accept: application/jsonl\r\n\r\n`,
  );
  return { received: () => received, closed };
}

test('a drain delay: ready says 503 to new connections while kept-alive searches go on, no reset, and nothing idle holds the exit', async () => {
  const databaseUrl = await createTestDatabase(inject('clusterUrl'));
  const album = await createAlbum(databaseUrl, { stickers: 10 });
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'scambio-drain-delay-'));
  dataDirs.push(dataDir);
  const app = await startAppProcess(process.cwd(), {
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    SESSION_SECRET: 'test-session-secret-that-is-long-enough-0123456789',
    SEED_DEMO: '0',
    REGISTRATION_LIMIT_PER_HOUR: '0',
    CLIENT_DIR: inject('clientDir'),
    DRAIN_DELAY_MS: String(DRAIN_DELAY_MS),
    DRAIN_TIMEOUT_MS: String(DRAIN_TIMEOUT_MS),
  });
  apps.push(app);
  const collector = await registeredUser(app.url);
  const cookie = collector.api.cookie as string;
  const inbox = await openSse(`${app.url}/trpc/chat.onInbox`, cookie);
  await inbox.next((data) => (data as { type?: string } | null)?.type === 'ready');

  // A call whose answer has begun (headers out, kept alive) and ends only after the listener has closed:
  // it reads the reports, which this transaction locks.
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  await db.query('begin');
  await db.query('lock table report in access exclusive mode');
  const slow = await streamedCall(app.url, '/trpc/reports.mine?batch=1&input=%7B%7D', cookie);
  await eventually(() => slow.received().includes('\r\n\r\n'), 'the streamed answer’s headers');

  // Searches in a loop on kept-alive connections, as a balancer sends them, until it takes the server out.
  const agent = new Agent({ connections: SEARCHERS, keepAliveTimeout: 60_000 });
  type Phase = 'before' | 'signalled' | 'ready said 503';
  let phase = 'before' as Phase;
  let balancerSendsHere = true;
  type Outcome = {
    searcher: number;
    phase: Phase;
    status?: number;
    connection?: string;
    error?: string;
  };
  const outcomes: Outcome[] = [];
  const search = async (searcher: number) => {
    while (balancerSendsHere) {
      const started = phase;
      try {
        const answer = await request(`${app.url}/api/matches/potential?albumId=${album.id}&radiusKm=10`, {
          dispatcher: agent,
          headers: { cookie },
        });
        await answer.body.text();
        const connection = String(answer.headers.connection);
        outcomes.push({ searcher, phase: started, status: answer.statusCode, connection });
      } catch (error) {
        const { code, message } = error as NodeJS.ErrnoException;
        outcomes.push({ searcher, phase: started, error: `${code}: ${message}` });
        return;
      }
    }
  };
  const searchers = Array.from({ length: SEARCHERS }, (_, searcher) => search(searcher));
  const answeredIn = (wanted: Phase) =>
    outcomes.some(({ error }) => error) ||
    Array.from({ length: SEARCHERS }).every((_, searcher) =>
      outcomes.some((outcome) => outcome.searcher === searcher && outcome.phase === wanted),
    );
  await eventually(() => answeredIn('before'), 'every searcher answered');

  app.kill('SIGTERM');
  await eventually(() => app.output().includes('SIGTERM: chiusura in corso'), 'the drain begun');
  phase = 'signalled';
  const readyAfterSignal = await onNewConnection(`${app.url}/api/ready`);
  phase = 'ready said 503';
  // The balancer's routing lags its health check: a search more from each searcher, then no more.
  await eventually(() => answeredIn('ready said 503'), 'a search more from each searcher');
  balancerSendsHere = false;
  await Promise.all(searchers);
  await inbox.ended;
  const readyLater = await onNewConnection(`${app.url}/api/ready`);

  // A second signal (here SIGINT) ends the delay: the listener closes, what is in flight finishes.
  const secondSignalAt = performance.now();
  app.kill('SIGINT');
  await eventually(
    async () => (await onNewConnection(`${app.url}/api/health`)) === 'ECONNREFUSED',
    'the listener closed',
  );
  await db.query('rollback');
  await db.end();
  await slow.closed;
  const exitCode = await app.exited;
  const exitedAfterSecondSignalMs = performance.now() - secondSignalAt;
  await agent.close();

  expect(readyAfterSignal).toBe(READY_DRAINING);
  expect(readyLater).toBe(READY_DRAINING);
  expect(outcomes.filter(({ error }) => error)).toEqual([]);
  expect(outcomes.filter(({ status }) => status !== 200)).toEqual([]);
  // Every answer of the drain closed its connection, so the client never reused one the server closes.
  const duringDrain = outcomes.filter((outcome) => outcome.phase !== 'before');
  expect(duringDrain.length).toBeGreaterThanOrEqual(SEARCHERS);
  expect(duringDrain.filter(({ connection }) => connection !== 'close')).toEqual([]);
  // The call that began before the signal got its whole answer, then its connection was closed at once
  // rather than idling until DRAIN_TIMEOUT_MS cut it.
  expect(slow.received()).toMatch(/^HTTP\/1\.1 200 OK\r\n/);
  expect(slow.received()).toMatch(/\r\nConnection: keep-alive\r\n/);
  // The stream's last line, the empty list of reports, then the end of the chunked body.
  expect(slow.received()).toMatch(/\r\n\[2,0,\[\[\[\]\]\]\]\n\r\n0\r\n\r\n$/);
  expect(exitCode).toBe(0);
  expect(exitedAfterSecondSignalMs).toBeLessThan(DRAIN_TIMEOUT_MS);
  expect(app.output()).toMatch(/SIGINT: chiusura senza attendere oltre/);
}, 90_000);

test('the drain delay ends by itself: ready is 503 on new connections until it has passed, then they are refused', async () => {
  const delayMs = 2000;
  const server = await startTestServer({ env: { DRAIN_DELAY_MS: String(delayMs) } });
  const startedAt = performance.now();
  const closed = server.close().then(() => performance.now() - startedAt);
  expect(await onNewConnection(`${server.url}/api/ready`)).toBe(READY_DRAINING);
  const health = await onNewConnection(`${server.url}/api/health`);
  expect(health).toMatch(/^200 /);
  expect(await closed).toBeGreaterThanOrEqual(delayMs);
  expect(await onNewConnection(`${server.url}/api/ready`)).toBe('ECONNREFUSED');
});
