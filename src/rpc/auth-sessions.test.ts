import { afterAll, beforeAll, expect, test } from 'vitest';
import { type ApiClient, apiClient, registeredUser } from '../../test/support/api-client.ts';
import { sql } from '../../test/support/sql.ts';
import { startTestServer, type TestServer } from '../../test/support/test-server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const liveSessions = async (userId: number) =>
  Number(
    (
      await sql<{ n: string }>(
        server.databaseUrl,
        'select count(*) as n from user_session where user_id = $1',
        [userId],
      )
    )[0]?.n,
  );

test('a collector keeps at most 20 live sessions: each login past them ends the oldest', async () => {
  const user = await registeredUser(server.url);
  const credentials = { nickname: user.nickname, password: user.password };
  const browsers: ApiClient[] = [];
  for (let round = 0; round < 4; round++) {
    const logins = Array.from({ length: 5 }, () => apiClient(server.url));
    await Promise.all(
      logins.map(async (browser) => {
        expect((await browser.post('/api/auth/login', credentials)).status).toBe(200);
      }),
    );
    browsers.push(...logins);
  }
  expect(await liveSessions(user.id)).toBe(20);
  expect((await user.api.get('/api/auth/me')).status).toBe(401);
  for (const browser of browsers) expect((await browser.get('/api/auth/me')).status).toBe(200);

  const latest = apiClient(server.url);
  expect((await latest.post('/api/auth/login', credentials)).status).toBe(200);
  expect(await liveSessions(user.id)).toBe(20);
  expect((await latest.get('/api/auth/me')).status).toBe(200);
  const stillIn = await Promise.all(
    browsers.map(async (browser) => (await browser.get('/api/auth/me')).status),
  );
  expect(stillIn.filter((status) => status === 401)).toHaveLength(1);
});
