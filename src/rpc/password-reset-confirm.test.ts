import { expect, test } from 'vitest';
import { apiClient, registeredUser } from '../../test/support/api-client.ts';
import { setUpServerWithAdmin } from '../../test/support/server-with-admin.ts';
import { sql } from '../../test/support/sql.ts';
import { issueToken } from '../server/auth/account-tokens.ts';
import { openDatabase } from '../server/db/orm.ts';
import { RESET_CODE_GUESSES_PER_HOUR } from '../server/rate-limits.ts';

const { server, admin } = setUpServerWithAdmin();

const INVALID = { status: 400, body: { message: 'Link o codice non valido o scaduto' } };

async function resetCodeFor(userId: number) {
  const response = await admin.post<{ code: string; expiresAt: string }>(
    `/api/admin/users/${userId}/reset-code`,
  );
  expect(response.status).toBe(200);
  return response.body;
}

async function logIn(nickname: string, password: string) {
  return (await apiClient(server.url).post('/api/auth/login', { nickname, password })).status;
}

test("an admin's code sets the new password and ends every session of the account", async () => {
  const anna = await registeredUser(server.url);
  const otherPhone = apiClient(server.url);
  expect(
    await otherPhone.post('/api/auth/login', { nickname: anna.nickname, password: anna.password }),
  ).toMatchObject({
    status: 200,
  });

  const { code, expiresAt } = await resetCodeFor(anna.id);
  expect(code).toMatch(/^[A-Z2-9]{10}$/);
  const hours = (Date.parse(expiresAt) - Date.now()) / 3_600_000;
  expect(hours).toBeGreaterThan(23.9);
  expect(hours).toBeLessThanOrEqual(24);

  const stranger = apiClient(server.url);
  const confirmed = await stranger.post('/api/auth/password-reset/confirm', {
    nickname: anna.nickname.toLowerCase(),
    code: ` ${code.toLowerCase()} `,
    password: 'nuova-password',
  });
  expect(confirmed).toMatchObject({ status: 200, body: { ok: true } });
  expect(stranger.cookie).toBeUndefined();

  expect(await anna.api.get('/api/auth/me')).toMatchObject({ status: 401 });
  expect(await otherPhone.get('/api/auth/me')).toMatchObject({ status: 401 });
  expect(await logIn(anna.nickname, anna.password)).toBe(401);
  expect(await logIn(anna.nickname, 'nuova-password')).toBe(200);

  // Once only.
  expect(
    await stranger.post('/api/auth/password-reset/confirm', {
      nickname: anna.nickname,
      code,
      password: 'terza-password',
    }),
  ).toMatchObject(INVALID);
});

test('a code works only for its nickname, a new one voids the old, an unknown nickname says the same', async () => {
  const bruno = await registeredUser(server.url);
  const carla = await registeredUser(server.url);
  const first = await resetCodeFor(bruno.id);
  const { code } = await resetCodeFor(bruno.id);
  const client = apiClient(server.url);
  const confirm = (body: object) => client.post('/api/auth/password-reset/confirm', body);

  expect(await confirm({ nickname: carla.nickname, code, password: 'nuova-password' })).toMatchObject(
    INVALID,
  );
  expect(await confirm({ nickname: 'NESSUNO', code, password: 'nuova-password' })).toMatchObject(INVALID);
  expect(
    await confirm({ nickname: bruno.nickname, code: first.code, password: 'nuova-password' }),
  ).toMatchObject(INVALID);
  expect(await confirm({ nickname: bruno.nickname, code, password: 'nuova-password' })).toMatchObject({
    status: 200,
  });
  expect(await logIn(carla.nickname, carla.password)).toBe(200);
});

test('an expired code fails', async () => {
  const dario = await registeredUser(server.url);
  const { code } = await resetCodeFor(dario.id);
  await sql(
    server.databaseUrl,
    `update account_token set expires_at = now() - interval '1 second'
      where user_id = $1 and purpose = 'reset_code'`,
    [dario.id],
  );
  expect(
    await apiClient(server.url).post('/api/auth/password-reset/confirm', {
      nickname: dario.nickname,
      code,
      password: 'nuova-password',
    }),
  ).toMatchObject(INVALID);
  expect(await logIn(dario.nickname, dario.password)).toBe(200);
});

test("a link's token sets the password once and ends the sessions", async () => {
  const elena = await registeredUser(server.url);
  const orm = await openDatabase(server.databaseUrl);
  let token: string;
  try {
    token = await issueToken(orm.em.fork(), { userId: elena.id, purpose: 'reset_password' });
  } finally {
    await orm.close();
  }
  const client = apiClient(server.url);
  expect(
    await client.post('/api/auth/password-reset/confirm', { token, password: 'nuova-password' }),
  ).toMatchObject({
    status: 200,
  });
  expect(await elena.api.get('/api/auth/me')).toMatchObject({ status: 401 });
  expect(await logIn(elena.nickname, 'nuova-password')).toBe(200);
  expect(
    await client.post('/api/auth/password-reset/confirm', { token, password: 'altra-password' }),
  ).toMatchObject(INVALID);
  expect(
    await client.post('/api/auth/password-reset/confirm', {
      token: 'X'.repeat(43),
      password: 'altra-password',
    }),
  ).toMatchObject(INVALID);
});

test('bad input is refused in Italian', async () => {
  const client = apiClient(server.url);
  const confirm = (body: unknown) => client.post('/api/auth/password-reset/confirm', body);
  expect(await confirm({ nickname: 'ANNA', code: 'ABCDEFGHJK', password: 'corta' })).toMatchObject({
    status: 400,
    body: { message: 'La nuova password deve essere di almeno 6 caratteri' },
  });
  expect(await confirm({ password: 'nuova-password' })).toMatchObject(INVALID);
  expect(await confirm({ nickname: 'ANNA', password: 'nuova-password' })).toMatchObject({
    status: 400,
    body: { message: 'Il codice è obbligatorio' },
  });
  expect(
    await confirm({ token: 'abc', nickname: 'ANNA', code: 'X', password: 'nuova-password' }),
  ).toMatchObject({
    status: 400,
    body: { message: 'Usa il link oppure il codice, non entrambi' },
  });
  expect(await confirm({ token: 'abc', password: 'nuova-password', extra: 1 })).toMatchObject({
    status: 400,
  });
  expect(await admin.post('/api/admin/users/abc/reset-code')).toMatchObject({
    status: 400,
    body: { message: 'Utente non valido' },
  });
  expect(await admin.post('/api/admin/users/99999999/reset-code')).toMatchObject({
    status: 404,
    body: { message: 'Utente non trovato' },
  });
});

test('only an admin gives codes, to active collectors only', async () => {
  const fabio = await registeredUser(server.url);
  expect(await fabio.api.post(`/api/admin/users/${fabio.id}/reset-code`)).toMatchObject({ status: 403 });
  expect(await apiClient(server.url).post(`/api/admin/users/${fabio.id}/reset-code`)).toMatchObject({
    status: 401,
  });
  const me = (await admin.get<{ id: number }>('/api/auth/me')).body;
  expect(await admin.post(`/api/admin/users/${me.id}/reset-code`)).toMatchObject({
    status: 400,
    body: { message: 'Il codice di ripristino è solo per i collezionisti' },
  });

  // A deactivated account gets no code, and one given before cannot bring it back into use.
  const { code } = await resetCodeFor(fabio.id);
  await admin.patch(`/api/admin/users/${fabio.id}/toggle-status`, { is_active: false });
  expect(await admin.post(`/api/admin/users/${fabio.id}/reset-code`)).toMatchObject({ status: 400 });
  const client = apiClient(server.url);
  const body = { nickname: fabio.nickname, code, password: 'nuova-password' };
  expect(await client.post('/api/auth/password-reset/confirm', body)).toMatchObject(INVALID);
  await admin.patch(`/api/admin/users/${fabio.id}/toggle-status`, { is_active: true });
  expect(await logIn(fabio.nickname, fabio.password)).toBe(200);
  // The refusal used nothing up: reactivated, the code still works.
  expect(await client.post('/api/auth/password-reset/confirm', body)).toMatchObject({ status: 200 });
});

test('guesses of a code are limited per nickname and per address', async () => {
  const gina = await registeredUser(server.url);
  const guess = (client: ReturnType<typeof apiClient>, nickname = gina.nickname) =>
    client.post('/api/auth/password-reset/confirm', {
      nickname,
      code: 'AAAAAAAAAA',
      password: 'nuova-password',
    });
  for (let i = 0; i < RESET_CODE_GUESSES_PER_HOUR; i += 1) {
    expect(await guess(apiClient(server.url))).toMatchObject(INVALID);
  }
  const limited = await guess(apiClient(server.url));
  expect(limited.status).toBe(429);
  expect(limited.body).toEqual({
    message: expect.stringMatching(/^Troppi tentativi di ripristino: riprova tra \d+ minut[oi]$/),
  });
  // Even the right code waits: the nickname's guesses are used up.
  const { code } = await resetCodeFor(gina.id);
  expect(
    await apiClient(server.url).post('/api/auth/password-reset/confirm', {
      nickname: gina.nickname,
      code,
      password: 'nuova-password',
    }),
  ).toMatchObject({ status: 429 });

  const one = apiClient(server.url);
  let status = 0;
  for (let i = 0; i < 40 && status !== 429; i += 1) {
    status = (await guess(one, `N${i}`)).status;
  }
  expect(status).toBe(429);
});
