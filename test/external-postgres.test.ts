import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { connectionConfig } from '../src/server/db/connection-config.ts';
import { registeredUser } from './support/api-client.ts';
import { type AppProcess, startAppProcess } from './support/app-process.ts';
import { makeCandidates } from './support/collectors.ts';
import { type ExternalPostgres, startDebianPostgres } from './support/debian-postgres.ts';
import { type PgBouncer, startPgBouncer } from './support/pgbouncer.ts';
import { TEST_VAPID } from './support/production-env.ts';
import { openSse } from './support/sse.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const METRICS_TOKEN = 'a-metrics-token-for-the-test';
let postgres: ExternalPostgres;
let bouncer: PgBouncer;
let dataRoot: string;
const apps: AppProcess[] = [];

// One PostgreSQL 15 that accepts TLS, and PgBouncer in transaction mode in front of it (without TLS).
beforeAll(async () => {
  postgres = await startDebianPostgres({ tls: true });
  bouncer = await startPgBouncer(postgres.port);
  dataRoot = await fs.mkdtemp(path.join(os.tmpdir(), 'scambio-external-'));
}, 60_000);

afterAll(async () => {
  await Promise.all(apps.map((app) => app.stop()));
  await bouncer?.stop();
  await postgres?.stop();
  if (dataRoot) await fs.rm(dataRoot, { recursive: true, force: true });
});

async function startApp(name: string, env: Record<string, string>) {
  const app = await startAppProcess(root, {
    NODE_ENV: 'production',
    ...TEST_VAPID,
    SESSION_SECRET: 'an-external-database-test-secret-32',
    DATA_DIR: path.join(dataRoot, name),
    REGISTRATION_LIMIT_PER_HOUR: '0',
    METRICS_TOKEN,
    ...env,
  });
  apps.push(app);
  return app;
}

/** The app's connections to `database` right now, as PostgreSQL sees them. */
async function connectionsTo(database: string) {
  const client = new pg.Client({ connectionString: postgres.url });
  await client.connect();
  try {
    const { rows } = await client.query<{ application_name: string; ssl: boolean }>(
      `select a.application_name, s.ssl from pg_stat_activity a join pg_stat_ssl s using (pid)
        where a.datname = $1 and a.pid <> pg_backend_pid()`,
      [database],
    );
    return rows;
  } finally {
    await client.end();
  }
}

/** Waits until the app's metrics say its match index has read an album. */
async function matchIndexHasRead(app: AppProcess) {
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    const metrics = await fetch(new URL('/metrics', app.url), {
      headers: { authorization: `Bearer ${METRICS_TOKEN}` },
    }).then((response) => response.text());
    if (Number(/^match_index_albums (\d+)/m.exec(metrics)?.[1] ?? 0) >= 1) return true;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return false;
}

/** Two collectors in Milano who are candidates of each other in a new album, a tap burst and a search. */
async function useTheApi(app: AppProcess, directUrl: string) {
  const [anna, bruno] = await Promise.all([registeredUser(app.url), registeredUser(app.url)]);
  const album = await makeCandidates({ databaseUrl: directUrl }, anna, bruno);
  // Taps sent together go out in batches on the taps' own pool; the last one leaves her double in place.
  const taps = await Promise.all(
    Array.from({ length: 40 }, (_, i) =>
      anna.api.put(`/api/user/stickers/${album.stickers[0]?.id}`, {
        status: i % 2 === 1 ? 'double' : 'no',
        tappedAt: Date.now() - 1000 + i,
      }),
    ),
  );
  expect(taps.map((tap) => [tap.status, tap.body])).toEqual(taps.map((tap) => [200, tap.body]));
  const found = await bruno.api.get<{ id: number }[]>(
    `/api/matches/potential?albumId=${album.id}&radiusKm=50`,
  );
  expect(found.status).toBe(200);
  expect(found.body.map((candidate) => candidate.id)).toContain(anna.id);
  return { anna, bruno, album };
}

test('with sslmode=require every connection the app opens is encrypted, MikroORM’s too', async () => {
  const database = await postgres.createDatabase('tls');
  const app = await startApp('tls', { DATABASE_URL: `${database}?sslmode=require` });
  await useTheApi(app, database);
  expect(await matchIndexHasRead(app)).toBe(true);

  const connections = await connectionsTo('tls');
  expect(new Set(connections.map((connection) => connection.application_name))).toEqual(
    new Set(
      ['orm', 'queries', 'taps', 'listen', 'index', 'index-listen', 'jobs'].map(
        (role) => `scambio-figurine/${role}`,
      ),
    ),
  );
  expect(connections.filter((connection) => !connection.ssl)).toEqual([]);
}, 60_000);

test('sslmode=verify-full checks the certificate against sslrootcert', async () => {
  const verified = new pg.Client(
    connectionConfig(
      `${postgres.url}?sslmode=verify-full&sslrootcert=${postgres.certificateFile}`,
      'queries',
    ),
  );
  await verified.connect();
  const { rows } = await verified.query('select ssl from pg_stat_ssl where pid = pg_backend_pid()');
  expect(rows).toEqual([{ ssl: true }]);
  await verified.end();
  // Self-signed and not named as trusted: refused.
  const unverified = new pg.Client(connectionConfig(`${postgres.url}?sslmode=verify-full`, 'queries'));
  await expect(unverified.connect()).rejects.toThrow(/self[- ]signed/);
});

test('sslmode=require against a server without TLS refuses to start, and says why', async () => {
  const database = await postgres.createDatabase('cleartext');
  await expect(
    startApp('cleartext', { DATABASE_URL: `${bouncer.urlFor(database)}?sslmode=require` }),
  ).rejects.toThrow(
    /exited with 1[\s\S]*Cannot connect to the database at 127.0.0.1:\d+\/cleartext \(sslmode=require\): The server does not support SSL connections/,
  );
}, 60_000);

test('through PgBouncer in transaction mode: the API, the match search and live chat', async () => {
  const database = await postgres.createDatabase('bounced');
  const app = await startApp('bounced', {
    DATABASE_URL: bouncer.urlFor(database),
    DIRECT_DATABASE_URL: database,
  });
  const { anna, bruno } = await useTheApi(app, database);
  // The match index reads and listens on the database itself.
  expect(await matchIndexHasRead(app)).toBe(true);

  const match = await anna.api.post<{ id: number }>('/api/matches', { user2Id: bruno.id });
  expect(match.status).toBe(200);
  const input = encodeURIComponent(JSON.stringify({ matchId: match.body.id }));
  const stream = await openSse(`${app.url}/trpc/chat.onMessage?input=${input}`, bruno.api.cookie as string);
  await stream.next((data) => (data as { type?: string }).type === 'ready');
  expect((await anna.api.post(`/api/matches/${match.body.id}/messages`, { content: 'ci sei?' })).status).toBe(
    200,
  );
  await stream.next((data) => (data as { message?: { content?: string } }).message?.content === 'ci sei?');
  stream.close();
  expect(await fetch(new URL('/api/ready', app.url)).then((response) => response.status)).toBe(200);

  // Only the transactions' pools went through PgBouncer; whatever holds a session went straight.
  const admin = new pg.Client({
    connectionString: bouncer.urlFor(postgres.url).replace(/\/postgres$/, '/pgbouncer'),
  });
  await admin.connect();
  const clients = await admin.query<{ database: string; application_name: string }>('show clients');
  await admin.end();
  const bounced = new Set(
    clients.rows.filter((client) => client.database === 'bounced').map((client) => client.application_name),
  );
  expect(bounced).toEqual(new Set(['orm', 'queries', 'taps'].map((role) => `scambio-figurine/${role}`)));
  const direct = new Set((await connectionsTo('bounced')).map((connection) => connection.application_name));
  for (const role of ['listen', 'index', 'index-listen', 'jobs'])
    expect(direct).toContain(`scambio-figurine/${role}`);
  expect(bouncer.output()).not.toMatch(/ERROR|WARNING/);
}, 60_000);
