import { beforeAll, expect, test } from 'vitest';
import { logInAsAdmin } from '../../test/support/admin-client.ts';
import { type ApiClient, apiClient, registeredUser, uniqueNickname } from '../../test/support/api-client.ts';
import { createAlbum } from '../../test/support/catalogue.ts';
import { makeCandidates } from '../../test/support/collectors.ts';
import { setUpServerWithMail } from '../../test/support/server-with-mail.ts';
import { tokenOfLink } from '../../test/support/smtp-server.ts';
import { sql } from '../../test/support/sql.ts';
import { italianMonth } from './schemas/age-band-rule.ts';

/*
 * Profili famiglia (issue 45, row 2) through the REST API, as a parent, a child profile, another parent
 * and an adult stranger: who may add a child, what acting as one means, the switch refused for anybody
 * else's child, what a child profile may not do, a child's deletion, and the plan of a meeting the parent
 * is told at once.
 */
const { smtp, server } = setUpServerWithMail();
const admin = apiClient(server);
beforeAll(() => logInAsAdmin(admin, server));

const thisYear = italianMonth(new Date()).year;
const BACK_TO_OWN_PROFILE = 'Torna al tuo profilo per farlo';
const NOT_YOUR_PROFILE = 'Non puoi usare questo profilo';
type Child = { id: number; nickname: string; ageBand: string };
type Me = { id: number; nickname: string; ageBand: string; parent: { id: number; nickname: string } | null };

let addresses = 0;
/** A verified address for `user`, through the mailed link as a parent would. */
async function verifiedAddress(user: { api: ApiClient }) {
  const address = `famiglia.${process.pid}.${++addresses}@example.it`;
  expect((await user.api.put('/api/user/email', { email: address })).status).toBe(200);
  const [mail] = await smtp.waitForMails(address);
  const token = tokenOfLink(mail?.text ?? '', '/verifica-email');
  expect((await user.api.post('/api/auth/verify-email', { token })).status).toBe(200);
  return address;
}

const child = (overrides: Record<string, unknown> = {}) => ({
  nickname: uniqueNickname('F'),
  birthYear: thisYear - 9,
  birthMonth: 1,
  parentalResponsibility: true,
  ...overrides,
});

const messageOf = (answer: { status: number; body: unknown }) => [
  answer.status,
  (answer.body as { message?: string }).message,
];

test('a parent with a verified e-mail adds child profiles and acts as them; nobody else can, and a child profile cannot log in or run the account', async () => {
  const [paolo, teenParent, stranger] = await Promise.all([
    registeredUser(server.url),
    registeredUser(server.url, { birthYear: thisYear - 16, birthMonth: 1 }),
    registeredUser(server.url),
  ]);
  expect(messageOf(await paolo.api.post('/api/user/children', child()))).toEqual([
    403,
    'Verifica prima la tua e-mail',
  ]);
  expect(messageOf(await teenParent.api.post('/api/user/children', child()))).toEqual([
    403,
    'Solo un maggiorenne può aggiungere i profili dei figli',
  ]);
  await verifiedAddress(paolo);
  const refusals = await Promise.all([
    paolo.api.post('/api/user/children', child({ parentalResponsibility: undefined })),
    paolo.api.post('/api/user/children', child({ parentalResponsibility: false })),
    paolo.api.post('/api/user/children', child({ birthYear: thisYear - 30 })),
    paolo.api.post('/api/user/children', child({ birthYear: undefined })),
    paolo.api.post('/api/user/children', child({ nickname: 'ha spazi' })),
    paolo.api.post('/api/user/children', child({ nickname: paolo.nickname })),
  ]);
  expect(refusals.map(messageOf)).toEqual([
    [400, 'Dichiara di avere la responsabilità genitoriale su questo minore'],
    [400, 'Dichiara di avere la responsabilità genitoriale su questo minore'],
    [400, 'Un profilo famiglia è per chi ha meno di 18 anni: un maggiorenne crea il suo account'],
    [400, "Indica l'anno di nascita"],
    [400, 'Il nickname deve contenere solo lettere maiuscole e numeri'],
    [409, 'Nickname già in uso: scegline un altro'],
  ]);

  const luca = await paolo.api.post<Child>('/api/user/children', child());
  const sara = await paolo.api.post<Child>('/api/user/children', child({ birthYear: thisYear - 15 }));
  expect(luca).toMatchObject({ status: 201, body: { ageBand: 'under14' } });
  expect(sara).toMatchObject({ status: 201, body: { ageBand: '14-17' } });
  expect(Object.keys(luca.body).sort()).toEqual(['ageBand', 'ageBandRose', 'id', 'nickname']);
  // At most six, however they are asked for at once.
  const more = await Promise.all([1, 2, 3, 4, 5].map(() => paolo.api.post('/api/user/children', child())));
  expect(more.map((answer) => answer.status).sort()).toEqual([201, 201, 201, 201, 409]);
  expect(messageOf(more.find((answer) => answer.status === 409) ?? luca)).toEqual([
    409,
    'Puoi aggiungere al massimo 6 profili',
  ]);
  const listed = await paolo.api.get<Child[]>('/api/user/children');
  expect(listed.body).toHaveLength(6);
  expect(listed.body.slice(0, 2)).toEqual([luca.body, sara.body]);
  // A child's birthday is told to the parent in the list (as if Sara had been told of under14 last).
  await sql(server.databaseUrl, "update app_user set seen_age_band = 'under14' where id = $1", [
    sara.body.id,
  ]);
  expect((await paolo.api.get<Child[]>('/api/user/children')).body[1]).toMatchObject({
    ageBandRose: { from: 'under14', to: '14-17' },
  });

  // A child profile has no password: its nickname logs in nowhere, exactly like an unknown one.
  const asLuca = await apiClient(server).post('/api/auth/login', {
    nickname: luca.body.nickname,
    password: '',
  });
  const unknownLogin = await apiClient(server).post('/api/auth/login', {
    nickname: 'NESSUNO1',
    password: 'x',
  });
  const lucaLogin = await apiClient(server).post('/api/auth/login', {
    nickname: luca.body.nickname,
    password: 'password1',
  });
  expect(asLuca.status).toBe(400);
  expect(messageOf(lucaLogin)).toEqual(messageOf(unknownLogin));
  // Nor does an admin's reset code give it one.
  expect(messageOf(await admin.post(`/api/admin/users/${luca.body.id}/reset-code`))).toEqual([
    400,
    'Un profilo famiglia non ha una password: lo usa il genitore',
  ]);

  // Acting as Luca: every call is his, on the same session.
  const switched = await paolo.api.post<Me>('/api/auth/profile', { profileId: luca.body.id });
  expect(switched).toMatchObject({
    status: 200,
    body: { id: luca.body.id, ageBand: 'under14', parent: { id: paolo.id, nickname: paolo.nickname } },
  });
  expect((await paolo.api.get<Me>('/api/auth/me')).body).toMatchObject({
    id: luca.body.id,
    nickname: luca.body.nickname,
    parent: { id: paolo.id },
  });
  const album = await createAlbum(server.databaseUrl, { stickers: 3 });
  const tap = await paolo.api.put(`/api/user/stickers/${album.stickers[0]?.id}`, { status: 'double' });
  expect(tap.status).toBe(200);
  expect(
    await sql(server.databaseUrl, 'select user_id from collection where album_id = $1', [album.id]),
  ).toEqual([{ user_id: luca.body.id }]);
  // What only the adult does is refused while acting as a child.
  const childRefusals = await Promise.all([
    paolo.api.put('/api/user/change-password', {
      currentPassword: 'password1',
      newPassword: 'password2',
      confirmPassword: 'password2',
    }),
    paolo.api.put('/api/user/email', { email: 'luca@example.it' }),
    paolo.api.delete('/api/user', { password: 'password1' }),
    paolo.api.get('/api/user/children'),
    paolo.api.post('/api/user/children', child()),
    paolo.api.get('/api/user/sessions'),
    paolo.api.get('/api/user/notifications'),
  ]);
  expect(childRefusals.map(messageOf)).toEqual(childRefusals.map(() => [403, BACK_TO_OWN_PROFILE]));
  // Someone else's child, or any other account, is refused the same way, from either profile.
  const otherParent = await registeredUser(server.url);
  await verifiedAddress(otherParent);
  const theirs = await otherParent.api.post<Child>('/api/user/children', child());
  for (const profileId of [theirs.body.id, stranger.id, 2_000_000_000]) {
    expect(messageOf(await paolo.api.post('/api/auth/profile', { profileId }))).toEqual([
      403,
      NOT_YOUR_PROFILE,
    ]);
  }
  for (const profileId of [luca.body.id, paolo.id]) {
    expect(messageOf(await otherParent.api.post('/api/auth/profile', { profileId }))).toEqual([
      403,
      NOT_YOUR_PROFILE,
    ]);
    expect(messageOf(await stranger.api.post('/api/auth/profile', { profileId }))).toEqual([
      403,
      NOT_YOUR_PROFILE,
    ]);
  }
  expect(messageOf(await paolo.api.post('/api/auth/profile', { profileId: 'uno' }))).toEqual([
    400,
    'Profilo non valido',
  ]);
  // From one child to another, and back with the parent's own id.
  expect((await paolo.api.post<Me>('/api/auth/profile', { profileId: sara.body.id })).body).toMatchObject({
    id: sara.body.id,
    ageBand: '14-17',
  });
  expect((await paolo.api.post<Me>('/api/auth/profile', { profileId: paolo.id })).body).toMatchObject({
    id: paolo.id,
    parent: null,
  });

  // The admin's list: each profile's band and its parent, never the birth date.
  const users = await admin.get<Record<string, unknown>[]>(`/api/admin/users?search=${luca.body.nickname}`);
  expect(users.body).toEqual([
    expect.objectContaining({
      username: luca.body.nickname,
      ageBand: 'under14',
      parent: { id: paolo.id, nickname: paolo.nickname },
    }),
  ]);
  expect(JSON.stringify(users.body)).not.toMatch(/birth/i);

  // Deleting a child: not someone else's (an unknown id to them); a session acting as it acts as the
  // parent again, and it is gone from the list, its marks with it.
  const phone = apiClient(server);
  expect(
    (await phone.post('/api/auth/login', { nickname: paolo.nickname, password: 'password1' })).status,
  ).toBe(200);
  expect((await phone.post('/api/auth/profile', { profileId: luca.body.id })).status).toBe(200);
  expect(messageOf(await otherParent.api.delete(`/api/user/children/${luca.body.id}`))).toEqual([
    404,
    'Profilo non trovato',
  ]);
  expect(messageOf(await phone.delete(`/api/user/children/${luca.body.id}`))).toEqual([
    403,
    BACK_TO_OWN_PROFILE,
  ]);
  expect((await paolo.api.delete(`/api/user/children/${luca.body.id}`)).status).toBe(200);
  expect((await phone.get<Me>('/api/auth/me')).body).toMatchObject({ id: paolo.id, parent: null });
  expect((await paolo.api.get<Child[]>('/api/user/children')).body.map((one) => one.id)).not.toContain(
    luca.body.id,
  );
  expect(
    await sql(server.databaseUrl, 'select 1 from collection where user_id = $1', [luca.body.id]),
  ).toEqual([]);
  expect(messageOf(await paolo.api.post('/api/auth/profile', { profileId: luca.body.id }))).toEqual([
    403,
    NOT_YOUR_PROFILE,
  ]);

  // The parent's account deleted, every child profile goes with it.
  expect((await paolo.api.delete('/api/user', { password: 'password1' })).status).toBe(200);
  expect(
    await sql(
      server.databaseUrl,
      'select 1 from app_user where parent_id = $1 or (id = $2 and deleted_at is null)',
      [paolo.id, sara.body.id],
    ),
  ).toEqual([]);
});

test('an adult proposes to a child profile only at a Punto Scambio, and its parent is told the plan at once', async () => {
  const [paolo, anna] = await Promise.all([registeredUser(server.url), registeredUser(server.url)]);
  const address = await verifiedAddress(paolo);
  expect(
    (await paolo.api.put('/api/user/notifications', { proposal: { push: true, email: true } })).status,
  ).toBe(200);
  const sara = await paolo.api.post<Child>('/api/user/children', child({ birthYear: thisYear - 15 }));
  expect((await paolo.api.post('/api/auth/profile', { profileId: sara.body.id })).status).toBe(200);
  // A 14-17 child profile is visible to adults only when the parent turns it on, as Sara.
  expect(
    (
      await paolo.api.put('/api/user/profile', {
        nickname: sara.body.nickname,
        cap: paolo.cap,
        visibleToAdults: true,
      })
    ).status,
  ).toBe(200);
  const album = await makeCandidates(server, anna, { ...paolo, id: sara.body.id });
  expect(messageOf(await anna.api.post('/api/matches', { user2Id: sara.body.id }))).toEqual([
    403,
    'Con un minorenne si scambia solo con una proposta in un Punto Scambio',
  ]);
  const place = await admin.post<{ id: number }>('/api/admin/punti-scambio', {
    name: 'Biblioteca Famiglie',
    kind: 'biblioteca',
    address: 'Via Senato 10',
    cap: '20121',
    openingHours: [1, 2, 3, 4, 5, 6, 7].map((day) => ({ day, opens: '08:00', closes: '20:00' })),
  });
  const tomorrow = new Date();
  tomorrow.setUTCHours(24 + 10, 0, 0, 0);
  const made = await anna.api.post<{ id: number }>('/api/swaps', {
    toUserId: sara.body.id,
    albumId: album.id,
    give: ['1'],
    receive: ['2'],
    puntoScambioId: place.body.id,
    slotStart: tomorrow.toISOString(),
    slotEnd: new Date(tomorrow.getTime() + 30 * 60_000).toISOString(),
  });
  expect(made.status).toBe(201);
  // The parent's mail names the child, the place and the time.
  const [, mail] = await smtp.waitForMails(address, 2);
  expect(mail?.subject).toBe(`Nuova proposta di scambio · ${sara.body.nickname}`);
  const time = new Intl.DateTimeFormat('it-IT', {
    timeZone: 'Europe/Rome',
    hour: '2-digit',
    minute: '2-digit',
  });
  expect(mail?.text).toContain(`Biblioteca Famiglie`);
  expect(mail?.text).toContain(time.format(tomorrow));
  // The parent, as Sara, sees the proposal and calls the meeting off.
  const swaps = await paolo.api.get<{ id: number }[]>('/api/swaps');
  expect(swaps.body.map((swap) => swap.id)).toContain(made.body.id);
  expect((await paolo.api.post(`/api/swaps/${made.body.id}/decline`)).status).toBe(200);
  // Anna, from her own account, never sees whose child Sara is.
  const reputation = await anna.api.get(`/api/users/${sara.body.id}/reputation`);
  expect(JSON.stringify(reputation.body)).not.toContain(paolo.nickname);

  // An admin deactivating the parent deactivates the profiles nobody else can run; reactivating, back.
  const activeOfSara = async () =>
    (
      await sql<{ is_active: boolean }>(server.databaseUrl, 'select is_active from app_user where id = $1', [
        sara.body.id,
      ])
    )[0]?.is_active;
  const toggle = (active: boolean) =>
    admin.patch(`/api/admin/users/${paolo.id}/toggle-status`, { is_active: active });
  expect((await toggle(false)).status).toBe(200);
  expect(await activeOfSara()).toBe(false);
  expect((await paolo.api.get('/api/auth/me')).status).toBe(401);
  expect((await toggle(true)).status).toBe(200);
  expect(await activeOfSara()).toBe(true);
});
