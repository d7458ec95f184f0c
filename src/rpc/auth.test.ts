import pg from 'pg';
import { afterAll, beforeAll, expect, test } from 'vitest';
import {
  ADULT_BIRTH,
  type ApiClient,
  apiClient,
  registeredUser,
  uniqueNickname,
} from '../../test/support/api-client.ts';
import { startTestServer, TEST_ADMIN, type TestServer } from '../../test/support/test-server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const credentials = (user: { nickname: string; password: string }) => ({
  nickname: user.nickname,
  password: user.password,
});
const register = (body: unknown) => apiClient(server.url).post('/api/auth/register', body);

test('registration logs the collector in and /api/auth/me returns them', async () => {
  const api = apiClient(server.url);
  const nickname = uniqueNickname('R');
  const registered = await api.post('/api/auth/register', {
    nickname,
    password: 'segreto1',
    cap: '00184',
    raggioKm: 10,
    ...ADULT_BIRTH,
  });
  expect(registered.status).toBe(200);
  expect(registered.headers.get('set-cookie')).toMatch(/HttpOnly/i);
  expect(registered.headers.get('set-cookie')).toMatch(/SameSite=Lax/i);

  const me = await api.get('/api/auth/me');
  expect(me.status).toBe(200);
  expect(me.body).toMatchObject({
    nickname,
    cap: '00184',
    albumSelezionato: null,
    isPremium: false,
    raggioKm: 10,
  });
  expect(me.body).toHaveProperty('id');
  expect(me.body).not.toHaveProperty('passwordHash');
});

test('nicknames are stored uppercase and unique whatever their case', async () => {
  const nickname = uniqueNickname('C');
  const first = await register({
    nickname: nickname.toLowerCase(),
    password: 'segreto1',
    cap: '20121',
    ...ADULT_BIRTH,
  });
  expect(first.status).toBe(200);
  expect(first.body).toMatchObject({ nickname });
  const again = await register({ nickname, password: 'altro123', cap: '20121', ...ADULT_BIRTH });
  expect(again).toMatchObject({ status: 409, body: { message: 'Nickname già in uso: scegline un altro' } });
});

test('registration enforces every rule on the server, in Italian', async () => {
  const ok = { ...ADULT_BIRTH, nickname: uniqueNickname('V'), password: 'segreto1', cap: '20121' };
  const cases: [unknown, string][] = [
    [{ ...ok, nickname: '' }, 'Il nickname è obbligatorio'],
    [{ ...ok, nickname: 'TROPPOLUNGO' }, 'Il nickname non può superare 8 caratteri'],
    [{ ...ok, nickname: 'AB-1' }, 'Il nickname deve contenere solo lettere maiuscole e numeri'],
    [{ ...ok, nickname: 'ÀB' }, 'Il nickname deve contenere solo lettere maiuscole e numeri'],
    [{ ...ok, cap: '2012' }, 'Il CAP deve essere di 5 cifre'],
    [{ ...ok, cap: '2012a' }, 'Il CAP deve essere di 5 cifre'],
    [{ ...ok, cap: '00000' }, 'CAP non nel nostro elenco: scegli il tuo comune'],
    [{ ...ok, password: '' }, 'La password è obbligatoria'],
    [{ ...ok, password: '12345' }, 'La password deve essere di almeno 6 caratteri'],
    [{ ...ok, password: 'x'.repeat(129) }, 'La password non può superare 128 caratteri'],
    [{ ...ok, raggioKm: 0 }, 'Il raggio deve essere tra 1 e 50 km'],
    [{ ...ok, raggioKm: 51 }, 'Il raggio deve essere tra 1 e 50 km'],
  ];
  for (const [body, message] of cases) {
    const response = await register(body);
    expect({ body, response: response.body, status: response.status }).toEqual({
      body,
      response: { message },
      status: 400,
    });
  }
});

test('wrong types, missing fields and unknown fields are 400 with an Italian message', async () => {
  const cases: unknown[] = [
    { ...ADULT_BIRTH, nickname: 123, password: 'segreto1', cap: '20121' },
    { ...ADULT_BIRTH, password: 'segreto1', cap: '20121' },
    { ...ADULT_BIRTH, nickname: 'ABC', password: 'segreto1', cap: '20121', isAdmin: true },
    [],
    'testo',
    null,
  ];
  for (const body of cases) {
    const response = await register(body);
    expect(response.status, JSON.stringify(body)).toBe(400);
    expect(response.body).toEqual({ message: expect.any(String) });
    expect((response.body as { message: string }).message).toMatch(/[a-z]/);
  }
  const unknownField = await register({
    ...ADULT_BIRTH,
    nickname: 'ABC',
    password: 'segreto1',
    cap: '20121',
    isAdmin: true,
  });
  expect(unknownField.body).toEqual({ message: 'Chiave non riconosciuta: "isAdmin"' });
  const missing = await register({ ...ADULT_BIRTH, password: 'segreto1', cap: '20121' });
  expect(missing.body).toEqual({ message: 'Input non valido: atteso string, ricevuto undefined' });
});

test('login accepts the nickname in any case and rotates the session id', async () => {
  const user = await registeredUser(server.url);
  const firstCookie = user.api.cookie;
  const login = await user.api.post('/api/auth/login', {
    nickname: user.nickname.toLowerCase(),
    password: user.password,
  });
  expect(login.status).toBe(200);
  expect(user.api.cookie).not.toEqual(firstCookie);
  expect((await user.api.get('/api/auth/me')).status).toBe(200);
});

test('login refuses a wrong password and an unknown nickname with the same answer', async () => {
  const user = await registeredUser(server.url);
  const wrong = await apiClient(server.url).post('/api/auth/login', {
    nickname: user.nickname,
    password: 'sbagliata',
  });
  const unknown = await apiClient(server.url).post('/api/auth/login', {
    nickname: 'NESSUNO9',
    password: 'sbagliata',
  });
  expect(wrong).toMatchObject({ status: 401, body: { message: 'Nickname o password non corretti' } });
  expect(unknown).toMatchObject({ status: 401, body: { message: 'Nickname o password non corretti' } });
});

test('login sends only nickname and password', async () => {
  const response = await apiClient(server.url).post('/api/auth/login', {
    nickname: 'ABC',
    password: 'x',
    cap: '20121',
  });
  expect(response).toMatchObject({ status: 400, body: { message: 'Chiave non riconosciuta: "cap"' } });
});

test('after 10 failures for one nickname the next attempts get 429, even with the right password', async () => {
  const user = await registeredUser(server.url);
  for (let attempt = 1; attempt <= 10; attempt++) {
    const response = await apiClient(server.url).post('/api/auth/login', {
      nickname: user.nickname,
      password: `sbagliata${attempt}`,
    });
    expect(response.status).toBe(401);
  }
  const blocked = await apiClient(server.url).post('/api/auth/login', credentials(user));
  expect(blocked.status).toBe(429);
  expect((blocked.body as { message: string }).message).toMatch(
    /^Troppi tentativi di accesso non riusciti\. Riprova tra \d+ minut[oi]\.$/,
  );
});

test('REGISTRATION_LIMIT_PER_HOUR=0 (as in these tests) lets one address register freely', async () => {
  for (let i = 0; i < 3; i++) {
    const response = await apiClient(server.url, { ip: '192.0.2.88' }).post('/api/auth/register', {
      nickname: uniqueNickname('F'),
      password: 'segreto1',
      cap: '20121',
      ...ADULT_BIRTH,
    });
    expect(response.status).toBe(200);
  }
});

test('logout ends the session on the server: the old cookie gets 401 afterwards', async () => {
  const user = await registeredUser(server.url);
  const stolen = apiClient(server.url);
  stolen.cookie = user.api.cookie;
  expect((await stolen.get('/api/auth/me')).status).toBe(200);

  expect((await user.api.post('/api/auth/logout')).status).toBe(200);
  expect(user.api.cookie).toBeUndefined();
  expect(await stolen.get('/api/auth/me')).toMatchObject({
    status: 401,
    body: { message: "Devi effettuare l'accesso" },
  });
});

/** The session's key as the client's guard gets it (`auth.session`, tRPC only). */
async function sessionKeyOf(api: ApiClient): Promise<string> {
  const answer = await api.get<{ result: { data: { sessionKey: string } } }>('/trpc/auth.session');
  return answer.body.result.data.sessionKey;
}

test("a logout sent later with the old session's key ends that session, not a newer one of the same browser", async () => {
  const user = await registeredUser(server.url);
  const oldCookie = user.api.cookie;
  const oldKey = await sessionKeyOf(user.api);
  expect(oldKey).toMatch(/^[A-Za-z0-9_-]{43}$/);
  // Meanwhile the same browser logged in again: a new session, a new key.
  expect((await user.api.post('/api/auth/login', credentials(user))).status).toBe(200);
  expect(await sessionKeyOf(user.api)).not.toBe(oldKey);

  const sent = await user.api.post('/api/auth/logout', { session: { userId: user.id, sessionKey: oldKey } });
  expect(sent).toMatchObject({ status: 200, body: { ok: true } });
  expect((await user.api.get('/api/auth/me')).status).toBe(200);
  const old = apiClient(server.url);
  old.cookie = oldCookie;
  expect((await old.get('/api/auth/me')).status).toBe(401);
});

test("a logout with the key of the browser's own session ends it and clears the cookie; a wrong key ends nothing", async () => {
  const user = await registeredUser(server.url);
  const key = await sessionKeyOf(user.api);
  const other = await registeredUser(server.url);
  // Another collector's key, or a made-up one, ends no session of theirs and leaves this browser's alone.
  const wrong = await other.api.post('/api/auth/logout', {
    session: { userId: user.id, sessionKey: 'x'.repeat(43) },
  });
  expect(wrong.status).toBe(200);
  expect(other.api.cookie).toBeDefined();
  expect((await user.api.get('/api/auth/me')).status).toBe(200);
  expect(
    (await other.api.post('/api/auth/logout', { session: { userId: other.id, sessionKey: key } })).status,
  ).toBe(200);
  expect((await user.api.get('/api/auth/me')).status).toBe(200);

  expect(
    (await user.api.post('/api/auth/logout', { session: { userId: user.id, sessionKey: key } })).status,
  ).toBe(200);
  expect(user.api.cookie).toBeUndefined();
  const stale = apiClient(server.url);
  expect(await stale.post('/api/auth/logout', { session: { userId: 'uno', sessionKey: key } })).toMatchObject(
    { status: 400, body: { message: expect.any(String) } },
  );
});

test('anonymous and forged cookies are not logged in', async () => {
  const anonymous = apiClient(server.url);
  expect((await anonymous.get('/api/auth/me')).status).toBe(401);
  anonymous.cookie = 'sf_session=Fe26.2*1*forged';
  expect((await anonymous.get('/api/auth/me')).status).toBe(401);
  expect((await anonymous.post('/api/auth/logout')).status).toBe(200);
});

test('the configured administrator exists and can log in', async () => {
  const admin = apiClient(server.url);
  const login = await admin.post('/api/auth/login', TEST_ADMIN);
  expect(login).toMatchObject({ status: 200, body: { nickname: TEST_ADMIN.nickname, isAdmin: true } });
});

test('a deactivated collector is logged out at once and cannot log in again', async () => {
  const user = await registeredUser(server.url);
  const db = new pg.Client({ connectionString: server.databaseUrl });
  await db.connect();
  try {
    await db.query('update app_user set is_active = false where id = $1', [user.id]);
  } finally {
    await db.end();
  }
  expect((await user.api.get('/api/auth/me')).status).toBe(401);
  expect(
    await apiClient(server.url).post('/api/auth/login', { nickname: user.nickname, password: user.password }),
  ).toMatchObject({
    status: 403,
    body: { message: 'Questo account è stato disattivato. Contatta il supporto.' },
  });
});
