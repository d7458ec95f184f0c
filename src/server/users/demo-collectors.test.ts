import { afterAll, beforeAll, expect, test } from 'vitest';
import { adminClient } from '../../../test/support/admin-client.ts';
import { apiClient, registeredUser } from '../../../test/support/api-client.ts';
import { TEST_VAPID } from '../../../test/support/production-env.ts';
import { runScript } from '../../../test/support/run-script.ts';
import { sql } from '../../../test/support/sql.ts';
import { startTestServer, type TestServer } from '../../../test/support/test-server.ts';
import { loadEnv } from '../env.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ env: { SEED_DEMO: '1' } });
});
afterAll(() => server?.close());

const demoCount = async (databaseUrl: string) =>
  Number((await sql<{ n: string }>(databaseUrl, 'select count(*) as n from app_user where is_demo'))[0]?.n);

test('a fresh database gets about 200 demo collectors, and a Milano newcomer finds some of them', async () => {
  expect(await demoCount(server.databaseUrl)).toBe(200);
  const [chats] = await sql<{ matches: string; messages: string }>(
    server.databaseUrl,
    `select count(distinct m.id) as matches, count(*) as messages
       from message g join match m on m.id = g.match_id join app_user u on u.id = g.sender_id where u.is_demo`,
  );
  expect(Number(chats?.matches)).toBeGreaterThanOrEqual(2);
  expect(Number(chats?.messages)).toBeGreaterThanOrEqual(6);

  const me = await registeredUser(server.url, { cap: '20121' });
  const albums = (await me.api.get<{ id: number }[]>('/api/albums')).body;
  const found = await me.api.get<{ id: number; nickname: string }[]>(
    `/api/matches/potential?albumId=${albums[0]?.id}&radiusKm=10`,
  );
  expect(found.status).toBe(200);
  expect(found.body.length).toBeGreaterThan(5);
  expect(found.body.every((candidate) => candidate.nickname.startsWith('DEMO'))).toBe(true);
});

test('a demo account cannot log in: the same answer as a wrong password', async () => {
  const [demo] = await sql<{ nickname: string }>(
    server.databaseUrl,
    'select nickname from app_user where is_demo order by id limit 1',
  );
  const client = apiClient(server.url, { ip: '203.0.113.7' });
  const asDemo = await client.post('/api/auth/login', { nickname: demo?.nickname, password: 'password1' });
  const wrong = await client.post('/api/auth/login', { nickname: 'NOBODY', password: 'password1' });
  expect(asDemo.status).toBe(401);
  expect(asDemo.body).toEqual(wrong.body);
  // The operator's accounts are adults (issue 45): a newcomer's first search still finds them.
  const [undated] = await sql<{ n: number }>(
    server.databaseUrl,
    'select count(*)::int as n from app_user where is_demo and (birth_year is null or birth_year > 2000)',
  );
  expect(undated?.n).toBe(0);
});

test('the admin users list marks demo collectors', async () => {
  const admin = await adminClient(server);
  const users = (await admin.get<{ username: string; isDemo: boolean }[]>('/api/admin/users?search=DEMO0'))
    .body;
  expect(users.length).toBeGreaterThan(0);
  expect(users.every((user) => user.isDemo)).toBe(true);
  const real = (await admin.get<{ username: string; isDemo: boolean }[]>('/api/admin/users?search=CAPO'))
    .body;
  expect(real).toMatchObject([{ username: 'CAPO', isDemo: false }]);
});

test('demo:remove deletes them all with their collections and chats; a restart does not seed again', async () => {
  const { stdout } = await runScript('demo-remove.ts', { DATABASE_URL: server.databaseUrl });
  expect(stdout).toMatch(/200/);
  expect(await demoCount(server.databaseUrl)).toBe(0);
  const [left] = await sql<{ n: string }>(
    server.databaseUrl,
    `select count(*) as n from collection c join app_user u on u.id = c.user_id where u.nickname like 'DEMO%'`,
  );
  expect(Number(left?.n)).toBe(0);
  const again = await startTestServer({ databaseUrl: server.databaseUrl, env: { SEED_DEMO: '1' } });
  await again.close();
  expect(await demoCount(server.databaseUrl)).toBe(0);
});

test('production never seeds: an explicit SEED_DEMO=1 is refused, and the default is off', () => {
  const production = {
    NODE_ENV: 'production',
    DATABASE_URL: 'postgres://db/app',
    SESSION_SECRET: 'x'.repeat(32),
    ...TEST_VAPID,
  };
  expect(() => loadEnv({ ...production, SEED_DEMO: '1' })).toThrow(/SEED_DEMO/);
  expect(loadEnv(production).SEED_DEMO).toBe('0');
  expect(loadEnv({}).SEED_DEMO).toBe('1');
});
