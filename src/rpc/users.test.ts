import { afterAll, beforeAll, expect, test } from 'vitest';
import { ADULT_BIRTH, apiClient, registeredUser, uniqueNickname } from '../../test/support/api-client.ts';
import { createAlbum } from '../../test/support/catalogue.ts';
import { sql } from '../../test/support/sql.ts';
import { startTestServer, type TestServer } from '../../test/support/test-server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

test('the profile update changes nickname (uppercased), CAP, radius and selected album', async () => {
  const album = await createAlbum(server.databaseUrl, { stickers: 1 });
  const user = await registeredUser(server.url);
  const nickname = uniqueNickname('P');
  const response = await user.api.put('/api/user/profile', {
    nickname: nickname.toLowerCase(),
    cap: '00184',
    raggioKm: 25,
    albumSelezionato: album.id,
  });
  expect(response).toMatchObject({
    status: 200,
    body: { nickname, cap: '00184', raggioKm: 25, albumSelezionato: album.id },
  });
  expect((await user.api.get('/api/auth/me')).body).toMatchObject({ nickname, cap: '00184', raggioKm: 25 });

  const cleared = await user.api.put('/api/user/profile', { nickname, cap: '00184', albumSelezionato: null });
  expect(cleared.body).toMatchObject({ albumSelezionato: null, raggioKm: 25 });
});

test('the profile update enforces the nickname and CAP rules and keeps the old values on refusal', async () => {
  const user = await registeredUser(server.url);
  const cases: [unknown, number, string][] = [
    [{ nickname: '', cap: '20121' }, 400, 'Il nickname è obbligatorio'],
    [{ nickname: 'NOVEVENTI9', cap: '20121' }, 400, 'Il nickname non può superare 8 caratteri'],
    [{ nickname: 'AB_C', cap: '20121' }, 400, 'Il nickname deve contenere solo lettere maiuscole e numeri'],
    [{ nickname: user.nickname, cap: '123' }, 400, 'Il CAP deve essere di 5 cifre'],
    [{ nickname: user.nickname, cap: '99999' }, 400, 'CAP non nel nostro elenco: scegli il tuo comune'],
    [{ nickname: user.nickname, cap: '20121', raggioKm: 70 }, 400, 'Il raggio deve essere tra 1 e 50 km'],
    [{ nickname: user.nickname, cap: '20121', albumSelezionato: -1 }, 400, 'Album non valido'],
    [{ nickname: user.nickname, cap: '20121', albumSelezionato: 99999999 }, 404, 'Album non trovato'],
    [{ nickname: user.nickname, cap: '20121', isPremium: true }, 400, 'Chiave non riconosciuta: "isPremium"'],
  ];
  for (const [body, status, message] of cases) {
    expect(await user.api.put('/api/user/profile', body)).toMatchObject({ status, body: { message } });
  }
  expect((await user.api.get('/api/auth/me')).body).toMatchObject({
    nickname: user.nickname,
    cap: '20121',
    isPremium: false,
  });
});

test("what the profile form used to let through: CAP 'abc' and nickname 'MARIO.ROSSI99' get a 400 in Italian", async () => {
  const user = await registeredUser(server.url);
  const refusals: [unknown, string][] = [
    [{ nickname: user.nickname, cap: 'abc' }, 'Il CAP deve essere di 5 cifre'],
    [{ nickname: user.nickname, cap: '2012a' }, 'Il CAP deve essere di 5 cifre'],
    [{ nickname: 'MARIO.ROSSI99', cap: '20121' }, 'Il nickname non può superare 8 caratteri'],
    [{ nickname: 'MARIO.99', cap: '20121' }, 'Il nickname deve contenere solo lettere maiuscole e numeri'],
  ];
  for (const [body, message] of refusals) {
    expect(await user.api.put('/api/user/profile', body), JSON.stringify(body)).toMatchObject({
      status: 400,
      body: { message },
    });
    const viaTrpc = await user.api.request<{ error: { message: string } }>(
      'POST',
      '/trpc/users.updateProfile',
      {
        json: body,
      },
    );
    expect(viaTrpc.status, JSON.stringify(body)).toBe(400);
    expect(viaTrpc.body.error.message).toBe(message);
  }
  expect((await user.api.get('/api/auth/me')).body).toMatchObject({ nickname: user.nickname, cap: '20121' });
});

test('a nickname taken by someone else is refused with 409', async () => {
  const [first, second] = await Promise.all([registeredUser(server.url), registeredUser(server.url)]);
  const response = await second.api.put('/api/user/profile', {
    nickname: first.nickname.toLowerCase(),
    cap: '20121',
  });
  expect(response).toMatchObject({
    status: 409,
    body: { message: 'Nickname già in uso: scegline un altro' },
  });
  expect((await second.api.get('/api/auth/me')).body).toMatchObject({ nickname: second.nickname });
});

test('profile and password changes need a login', async () => {
  const anonymous = apiClient(server.url);
  expect(await anonymous.put('/api/user/profile', { nickname: 'ABC', cap: '20121' })).toMatchObject({
    status: 401,
    body: { message: "Devi effettuare l'accesso" },
  });
  expect(
    (await anonymous.put('/api/user/change-password', { currentPassword: 'a', newPassword: 'bbbbbb' }))
      .status,
  ).toBe(401);
});

test('a password change needs the right current password and a new one of 6+ characters', async () => {
  const user = await registeredUser(server.url);
  expect(
    await user.api.put('/api/user/change-password', {
      currentPassword: 'sbagliata',
      newPassword: 'nuova123',
    }),
  ).toMatchObject({ status: 400, body: { message: 'La password attuale non è corretta' } });
  expect(
    await user.api.put('/api/user/change-password', { currentPassword: user.password, newPassword: '12345' }),
  ).toMatchObject({
    status: 400,
    body: { message: 'La nuova password deve essere di almeno 6 caratteri' },
  });
  expect(
    await user.api.put('/api/user/change-password', { currentPassword: '', newPassword: 'nuova123' }),
  ).toMatchObject({
    status: 400,
    body: { message: 'Tutti i campi sono obbligatori' },
  });
  // Nothing changed: the old password still works.
  expect(
    (
      await apiClient(server.url).post('/api/auth/login', {
        nickname: user.nickname,
        password: user.password,
      })
    ).status,
  ).toBe(200);
});

test('a password change ends every other session, keeps this browser logged in, and the new password works', async () => {
  const user = await registeredUser(server.url);
  const otherBrowser = apiClient(server.url);
  await otherBrowser.post('/api/auth/login', { nickname: user.nickname, password: user.password });
  const copiedCookie = apiClient(server.url);
  copiedCookie.cookie = user.api.cookie;

  const changed = await user.api.put('/api/user/change-password', {
    currentPassword: user.password,
    newPassword: 'nuova123',
  });
  expect(changed.status).toBe(200);

  expect((await user.api.get('/api/auth/me')).status).toBe(200);
  expect((await otherBrowser.get('/api/auth/me')).status).toBe(401);
  expect((await copiedCookie.get('/api/auth/me')).status).toBe(401);
  expect(
    (
      await apiClient(server.url).post('/api/auth/login', {
        nickname: user.nickname,
        password: user.password,
      })
    ).status,
  ).toBe(401);
  expect(
    (await apiClient(server.url).post('/api/auth/login', { nickname: user.nickname, password: 'nuova123' }))
      .status,
  ).toBe(200);
});

test('a CAP changed after 2019 (20054 Segrate) is not a dead end: the collector picks their comune, stored with its point', async () => {
  const api = apiClient(server.url);
  const nickname = uniqueNickname('S');
  const base = { nickname, password: 'password1', cap: '20054', ...ADULT_BIRTH };
  expect(await api.post('/api/auth/register', base)).toMatchObject({
    status: 400,
    body: { message: 'CAP non nel nostro elenco: scegli il tuo comune' },
  });
  const choices = await api.get<{ known: boolean; comuni: { code: string; nome: string }[] }>(
    '/api/cap/20054/comuni',
  );
  expect(choices).toMatchObject({ status: 200, body: { known: false } });
  expect(choices.body.comuni).toContainEqual({ code: '015205', nome: 'Segrate', sigla: 'MI' });
  expect(choices.body.comuni.every((c) => c.nome !== 'Roma')).toBe(true);

  const registered = await api.post<{ id: number }>('/api/auth/register', { ...base, comune: '015205' });
  expect(registered).toMatchObject({ status: 200, body: { cap: '20054', comune: '015205' } });
  const [row] = await sql<{ latitude: number; longitude: number; comune: string }>(
    server.databaseUrl,
    'select latitude, longitude, comune from app_user where id = $1',
    [registered.body.id],
  );
  expect(row?.comune).toBe('015205');
  expect(row?.latitude).toBeCloseTo(45.49, 1);
  expect(row?.longitude).toBeCloseTo(9.3, 1);
});

test('a CAP shared by several comuni (20090) asks which one; a comune outside its list is refused', async () => {
  const user = await registeredUser(server.url);
  const choices = await user.api.get<{ known: boolean; comuni: { code: string }[] }>('/api/cap/20090/comuni');
  expect(choices.body.known).toBe(true);
  expect(choices.body.comuni.map((c) => c.code)).toEqual(
    expect.arrayContaining(['015011', '015205', '015242']),
  );
  const refusals: [unknown, string][] = [
    [{ nickname: user.nickname, cap: '20090' }, 'Questo CAP è di più comuni: scegli il tuo'],
    [
      { nickname: user.nickname, cap: '20090', comune: '058091' },
      'Scegli il comune dall’elenco di questo CAP',
    ],
    [{ nickname: user.nickname, cap: '20090', comune: 'Assago' }, 'Comune non valido'],
  ];
  for (const [body, message] of refusals) {
    expect(await user.api.put('/api/user/profile', body), JSON.stringify(body)).toMatchObject({
      status: 400,
      body: { message },
    });
  }
  const saved = await user.api.put('/api/user/profile', {
    nickname: user.nickname,
    cap: '20090',
    comune: '015011',
  });
  expect(saved).toMatchObject({ status: 200, body: { cap: '20090', comune: '015011' } });
  const [row] = await sql<{ latitude: number }>(
    server.databaseUrl,
    'select latitude from app_user where id = $1',
    [user.id],
  );
  expect(row?.latitude).toBeCloseTo(45.41, 1);
});
