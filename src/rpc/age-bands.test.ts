import { expect, test } from 'vitest';
import { ADULT_BIRTH, apiClient, registeredUser, uniqueNickname } from '../../test/support/api-client.ts';
import { setUpServerWithAdmin } from '../../test/support/server-with-admin.ts';
import { sql } from '../../test/support/sql.ts';
import { italianMonth } from './schemas/age-band-rule.ts';

/*
 * Issue 45, row 1: the birth month and year at sign-up, the band worked out by the server, an under-14
 * refused with no account left behind, and accounts from before asked once.
 */
const { server, admin } = setUpServerWithAdmin();

/** The birth month of someone who is `years` old this month, their birthday month not over yet. */
function bornYearsAgo(years: number, monthsMore = 0) {
  const today = italianMonth(new Date());
  const months = today.year * 12 + (today.month - 1) - years * 12 - monthsMore;
  return { birthYear: Math.floor(months / 12), birthMonth: (months % 12) + 1 };
}

const signUp = (body: Record<string, unknown>) =>
  apiClient(server.url).post<{ message?: string; ageBand?: string }>('/api/auth/register', {
    nickname: uniqueNickname('B'),
    password: 'password1',
    cap: '20121',
    ...body,
  });

test('sign-up needs a possible birth month and year, each refusal in Italian, and /api/auth/me gives the band', async () => {
  expect(await signUp({})).toMatchObject({ status: 400, body: { message: "Indica l'anno di nascita" } });
  expect(await signUp({ birthYear: 1990 })).toMatchObject({
    status: 400,
    body: { message: 'Indica il mese di nascita' },
  });
  const nextMonth = bornYearsAgo(0, -1);
  for (const impossible of [
    nextMonth,
    { birthYear: 1899, birthMonth: 6 },
    { birthYear: 1990, birthMonth: 13 },
  ]) {
    expect(await signUp(impossible)).toMatchObject({
      status: 400,
      body: { message: 'Data di nascita non valida' },
    });
  }
  expect(await signUp({ birthYear: '1990', birthMonth: 5 })).toMatchObject({ status: 400 });

  const adult = await registeredUser(server.url);
  expect((await adult.api.get('/api/auth/me')).body).toMatchObject({
    ageBand: '18+',
    birthDateMissing: false,
  });
  // 17 with the birthday month still running is 17; a month later, 18.
  const teen = await registeredUser(server.url, bornYearsAgo(18));
  expect((await teen.api.get('/api/auth/me')).body).toMatchObject({ ageBand: '14-17' });
  const justAdult = await registeredUser(server.url, bornYearsAgo(18, 1));
  expect((await justAdult.api.get('/api/auth/me')).body).toMatchObject({ ageBand: '18+' });
  const [stored] = await sql<{ birth_year: number; birth_month: number }>(
    server.databaseUrl,
    'select birth_year, birth_month from app_user where id = $1',
    [teen.id],
  );
  expect(stored).toEqual({
    birth_year: bornYearsAgo(18).birthYear,
    birth_month: bornYearsAgo(18).birthMonth,
  });
});

test('an under-14 sign-up is refused with 403, and no account is left: the nickname stays free', async () => {
  const nickname = uniqueNickname('K');
  const child = apiClient(server.url);
  const body = { nickname, password: 'password1', cap: '20121' };
  for (const birth of [bornYearsAgo(14), bornYearsAgo(9), bornYearsAgo(0)]) {
    expect(await child.post('/api/auth/register', { ...body, ...birth })).toMatchObject({
      status: 403,
      body: { message: 'Chiedi a un genitore di creare il tuo profilo' },
    });
  }
  expect(child.cookie).toBeFalsy();
  expect((await child.get('/api/auth/me')).status).toBe(401);
  expect((await child.post('/api/auth/login', { nickname, password: 'password1' })).status).toBe(401);
  const [count] = await sql<{ n: number }>(
    server.databaseUrl,
    'select count(*)::int as n from app_user where nickname = $1',
    [nickname],
  );
  expect(count?.n).toBe(0);
  // Fourteen once the birthday month is over.
  expect((await child.post('/api/auth/register', { ...body, ...bornYearsAgo(14, 1) })).status).toBe(200);
});

test('an account from before gives its birth date once: a minor until then, later changes only by an admin', async () => {
  const older = await registeredUser(server.url);
  await sql(server.databaseUrl, 'update app_user set birth_year = null, birth_month = null where id = $1', [
    older.id,
  ]);
  expect((await older.api.get('/api/auth/me')).body).toMatchObject({
    ageBand: '14-17',
    birthDateMissing: true,
  });

  const profile = { nickname: older.nickname, cap: older.cap };
  // Under 14: refused, and still asked.
  expect(await older.api.put('/api/user/profile', { ...profile, ...bornYearsAgo(10) })).toMatchObject({
    status: 403,
    body: { message: 'Chiedi a un genitore di creare il tuo profilo' },
  });
  expect(await older.api.put('/api/user/profile', { ...profile, birthYear: 1985 })).toMatchObject({
    status: 400,
    body: { message: 'Indica il mese di nascita' },
  });
  expect((await older.api.get('/api/auth/me')).body).toMatchObject({ birthDateMissing: true });

  const answered = await older.api.put('/api/user/profile', { ...profile, birthYear: 1985, birthMonth: 7 });
  expect(answered).toMatchObject({ status: 200, body: { ageBand: '18+', birthDateMissing: false } });
  // The same date again is no change; another is the administrator's to make.
  expect(
    (await older.api.put('/api/user/profile', { ...profile, birthYear: 1985, birthMonth: 7 })).status,
  ).toBe(200);
  expect(
    await older.api.put('/api/user/profile', { ...profile, birthYear: 2000, birthMonth: 1 }),
  ).toMatchObject({
    status: 403,
    body: { message: 'Solo un amministratore può correggere la data di nascita' },
  });
  // A profile save without a birth date leaves it as it is.
  expect((await older.api.put('/api/user/profile', { ...profile, raggioKm: 20 })).body).toMatchObject({
    ageBand: '18+',
    raggioKm: 20,
  });
  const [row] = await sql<{ birth_year: number; birth_month: number }>(
    server.databaseUrl,
    'select birth_year, birth_month from app_user where id = $1',
    [older.id],
  );
  expect(row).toEqual({ birth_year: 1985, birth_month: 7 });
});

test('the accounts the operator makes are adults: the administrator made at start', async () => {
  expect((await admin.get('/api/auth/me')).body).toMatchObject({
    isAdmin: true,
    ageBand: '18+',
    birthDateMissing: false,
  });
  expect(ADULT_BIRTH.birthYear).toBeLessThan(italianMonth(new Date()).year - 18);
});

test('only an admin corrects a birth date, with a reason, logged; the band follows at once; under 14 is refused', async () => {
  const teen = await registeredUser(server.url, bornYearsAgo(16));
  const correction = { ...bornYearsAgo(19), reason: 'Documento mostrato in negozio: è maggiorenne' };
  // Not the collector, not another collector.
  const other = await registeredUser(server.url);
  for (const who of [teen, other]) {
    expect(await who.api.put(`/api/admin/users/${teen.id}/birth-date`, correction)).toMatchObject({
      status: 403,
      body: { message: 'Operazione riservata agli amministratori' },
    });
  }
  const refusals = await Promise.all([
    admin.put(`/api/admin/users/${teen.id}/birth-date`, { ...correction, reason: ' ' }),
    admin.put(`/api/admin/users/${teen.id}/birth-date`, { ...bornYearsAgo(19) }),
    admin.put(`/api/admin/users/${teen.id}/birth-date`, { ...bornYearsAgo(10), reason: 'Errore' }),
    admin.put(`/api/admin/users/${teen.id}/birth-date`, { ...correction, birthMonth: 13 }),
    admin.put('/api/admin/users/2000000000/birth-date', correction),
  ]);
  expect(refusals.map((answer) => [answer.status, (answer.body as { message: string }).message])).toEqual([
    [400, 'Indica il motivo della correzione'],
    [400, 'Indica il motivo della correzione'],
    [400, 'Con questa data avrebbe meno di 14 anni: un account proprio non è possibile, disattivalo'],
    [400, 'Data di nascita non valida'],
    [404, 'Utente non trovato'],
  ]);
  expect((await teen.api.get('/api/auth/me')).body).toMatchObject({ ageBand: '14-17' });

  const corrected = await admin.put(`/api/admin/users/${teen.id}/birth-date`, correction);
  expect(corrected).toMatchObject({ status: 200, body: { id: teen.id, ageBand: '18+' } });
  // The admin's answer and list show the band, never the date.
  expect(JSON.stringify(corrected.body)).not.toMatch(/birth/i);
  expect((await teen.api.get('/api/auth/me')).body).toMatchObject({ ageBand: '18+' });
  const log = await admin.get<unknown[]>(`/api/admin/users/${teen.id}/birth-date-corrections`);
  const pad = (month: number) => String(month).padStart(2, '0');
  expect(log).toMatchObject({
    status: 200,
    body: [
      {
        admin: expect.any(String),
        from: `${pad(bornYearsAgo(16).birthMonth)}/${bornYearsAgo(16).birthYear}`,
        to: `${pad(correction.birthMonth)}/${correction.birthYear}`,
        reason: 'Documento mostrato in negozio: è maggiorenne',
        at: expect.any(String),
      },
    ],
  });
  expect((await teen.api.get(`/api/admin/users/${teen.id}/birth-date-corrections`)).status).toBe(403);
});

test('a birthday raises the band by itself: /api/auth/me says so until it is marked seen; an admin’s correction says nothing', async () => {
  const teen = await registeredUser(server.url, bornYearsAgo(17, 2));
  const me = async () => (await teen.api.get<{ ageBand: string; ageBandRose: unknown }>('/api/auth/me')).body;
  expect(await me()).toMatchObject({ ageBand: '14-17', ageBandRose: null });
  // The eighteenth birthday comes (the same account, as if a year had passed).
  await sql(server.databaseUrl, 'update app_user set birth_year = birth_year - 1 where id = $1', [teen.id]);
  expect(await me()).toMatchObject({ ageBand: '18+', ageBandRose: { from: '14-17', to: '18+' } });
  // Logging in again does not tell it away; 'Ho capito' does.
  expect(
    (await teen.api.post('/api/auth/login', { nickname: teen.nickname, password: teen.password })).body,
  ).toMatchObject({ ageBandRose: { from: '14-17', to: '18+' } });
  expect(await teen.api.post('/api/user/age-band-seen')).toMatchObject({
    status: 200,
    body: { ageBand: '18+', ageBandRose: null },
  });
  expect(await me()).toMatchObject({ ageBandRose: null });
  // An admin's corrections, down and up again, are no birthday.
  for (const years of [16, 19]) {
    const corrected = await admin.put(`/api/admin/users/${teen.id}/birth-date`, {
      ...bornYearsAgo(years),
      reason: 'Verifica del documento',
    });
    expect(corrected.status).toBe(200);
    expect(await me()).toMatchObject({ ageBandRose: null });
  }
  expect((await apiClient(server.url).post('/api/user/age-band-seen')).status).toBe(401);
});
