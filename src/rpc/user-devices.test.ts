import { afterAll, beforeAll, expect, test } from 'vitest';
import { apiClient, registeredUser } from '../../test/support/api-client.ts';
import { sql } from '../../test/support/sql.ts';
import { startTestServer, type TestServer } from '../../test/support/test-server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const ANDROID_CHROME =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';
const IPHONE_SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';
const WINDOWS_FIREFOX = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0';

type Device = { key: string; device: string; startedAt: string; lastUsedAt: string; current: boolean };

async function logInFrom(nickname: string, password: string, userAgent: string) {
  const browser = apiClient(server.url);
  const response = await browser.request('POST', '/api/auth/login', {
    json: { nickname, password },
    headers: { 'user-agent': userAgent },
  });
  expect(response.status).toBe(200);
  return browser;
}

test("the collector's live sessions are listed with a device name, this one marked, and no session id", async () => {
  const user = await registeredUser(server.url);
  const phone = await logInFrom(user.nickname, user.password, ANDROID_CHROME);
  await logInFrom(user.nickname, user.password, IPHONE_SAFARI);
  await logInFrom(user.nickname, user.password, WINDOWS_FIREFOX);
  const other = await registeredUser(server.url);

  const response = await phone.get<{ sessions: Device[] }>('/api/user/sessions');
  expect(response.status).toBe(200);
  const { sessions } = response.body;
  expect(sessions).toHaveLength(4);
  expect(sessions.map((session) => session.device).sort()).toEqual(
    ['Chrome su Android', 'Firefox su Windows', 'Safari su iPhone', 'Dispositivo sconosciuto'].sort(),
  );
  expect(sessions.filter((session) => session.current)).toEqual([
    expect.objectContaining({ device: 'Chrome su Android', current: true }),
  ]);
  for (const session of sessions) {
    expect(new Date(session.startedAt).getTime()).toBeGreaterThan(Date.now() - 60_000);
    expect(new Date(session.lastUsedAt).getTime()).toBeGreaterThan(Date.now() - 60_000);
  }
  const ids = await sql<{ id: string }>(server.databaseUrl, 'select id from user_session');
  const text = JSON.stringify(response.body);
  for (const { id } of ids) expect(text).not.toContain(id);
  expect(sessions.length).toBe(4);
  expect((await other.api.get<{ sessions: Device[] }>('/api/user/sessions')).body.sessions).toHaveLength(1);
  expect((await apiClient(server.url).get('/api/user/sessions')).status).toBe(401);
});

test('last use is written at most every few minutes, not at every request', async () => {
  const user = await registeredUser(server.url);
  const lastUsed = async () =>
    (
      await sql<{ last_used_at: Date }>(
        server.databaseUrl,
        'select last_used_at from user_session where user_id = $1',
        [user.id],
      )
    )[0]?.last_used_at;
  await sql(
    server.databaseUrl,
    "update user_session set last_used_at = now() - interval '2 minutes' where user_id = $1",
    [user.id],
  );
  const before = await lastUsed();
  expect((await user.api.get('/api/auth/me')).status).toBe(200);
  expect(await lastUsed()).toEqual(before);
  await sql(
    server.databaseUrl,
    "update user_session set last_used_at = now() - interval '10 minutes' where user_id = $1",
    [user.id],
  );
  expect((await user.api.get('/api/auth/me')).status).toBe(200);
  expect((await lastUsed())?.getTime()).toBeGreaterThan(Date.now() - 60_000);
});

test("'Esci da tutti gli altri dispositivi' ends every other session and keeps this one", async () => {
  const user = await registeredUser(server.url);
  const laptop = await logInFrom(user.nickname, user.password, WINDOWS_FIREFOX);
  const phone = await logInFrom(user.nickname, user.password, IPHONE_SAFARI);
  const other = await registeredUser(server.url);

  const response = await phone.post('/api/user/sessions/logout-others');
  expect(response.status).toBe(200);
  expect((await laptop.get('/api/auth/me')).status).toBe(401);
  expect((await user.api.get('/api/auth/me')).status).toBe(401);
  expect((await phone.get('/api/auth/me')).status).toBe(200);
  expect((await other.api.get('/api/auth/me')).status).toBe(200);
  const { sessions } = (await phone.get<{ sessions: Device[] }>('/api/user/sessions')).body;
  expect(sessions).toEqual([expect.objectContaining({ device: 'Safari su iPhone', current: true })]);
  expect((await apiClient(server.url).post('/api/user/sessions/logout-others')).status).toBe(401);
});

test("without PRIVACY_CONTACT the /privacy page's contact is null (the page says 'non configurato')", async () => {
  expect(await apiClient(server.url).get('/api/privacy')).toMatchObject({
    status: 200,
    body: { contact: null },
  });
});
