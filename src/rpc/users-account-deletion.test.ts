import { afterAll, beforeAll, expect, test } from 'vitest';
import { logInAsAdmin } from '../../test/support/admin-client.ts';
import { apiClient, registeredUser } from '../../test/support/api-client.ts';
import { createAlbum, type TestAlbum } from '../../test/support/catalogue.ts';
import { sql } from '../../test/support/sql.ts';
import { openSse } from '../../test/support/sse.ts';
import { type SwapCollector, swapHelpers } from '../../test/support/swaps.ts';
import { startTestServer, TEST_ADMIN, type TestServer } from '../../test/support/test-server.ts';
import type { ChatMessage } from './schemas/chat.ts';
import type { SwapView } from './schemas/swaps.ts';

let server: TestServer;
let album: TestAlbum;
beforeAll(async () => {
  server = await startTestServer();
  album = await createAlbum(server.databaseUrl, { stickers: 40 });
});
afterAll(() => server.close());

const { collector, propose, act, pair, completedSwap } = swapHelpers(
  {
    get url() {
      return server.url;
    },
  },
  () => album,
);

const DELETED = 'Utente eliminato';
const WRONG_PASSWORD = 'La password attuale non è corretta';

const deleteAccount = (user: SwapCollector, password: unknown) =>
  user.api.delete<{ ok?: true; message?: string }>('/api/user', { password });

/** Every column of the database that points at a user (a foreign key to app_user), table by table. */
async function userReferences() {
  return sql<{ table_name: string; column_name: string }>(
    server.databaseUrl,
    `select k.table_name, k.column_name
       from information_schema.referential_constraints r
       join information_schema.key_column_usage k
         on k.constraint_name = r.constraint_name and k.constraint_schema = r.constraint_schema
       join information_schema.constraint_column_usage c
         on c.constraint_name = r.unique_constraint_name and c.constraint_schema = r.unique_constraint_schema
      where c.table_name = 'app_user' and c.column_name = 'id' and k.table_schema = 'public'
      order by 1, 2`,
  );
}

/** How many rows of each table point at `userId`, by `table.column` (zero counts left out). */
async function rowsReferencing(userId: number) {
  const counts: Record<string, number> = {};
  for (const { table_name, column_name } of await userReferences()) {
    const [row] = await sql<{ n: string }>(
      server.databaseUrl,
      `select count(*) as n from "${table_name}" where "${column_name}" = $1`,
      [userId],
    );
    if (Number(row?.n) > 0) counts[`${table_name}.${column_name}`] = Number(row?.n);
  }
  return counts;
}

async function reservedOf(userId: number) {
  const [row] = await sql<{ reserved: string }>(
    server.databaseUrl,
    'select reserved::text as reserved from collection where user_id = $1 and album_id = $2',
    [userId, album.id],
  );
  return row?.reserved ?? '';
}

test('deleting an account leaves nothing of the collector but their anonymous part of others’ history', async () => {
  const { anna, bruno } = await pair();
  const [carla, dario] = await Promise.all([registeredUser(server.url), registeredUser(server.url)]);

  // Anna's collection, marks and spares.
  const spareOf = album.stickers.find((sticker) => sticker.number === '2')?.id;
  expect((await anna.api.put(`/api/user/stickers/${spareOf}`, { status: 'double', spares: 3 })).status).toBe(
    200,
  );
  // A completed swap, rated both ways.
  const done = await completedSwap(anna, bruno, ['1'], ['11']);
  expect((await anna.api.post(`/api/swaps/${done}/rating`, { stars: 4, comment: 'Gentile' })).status).toBe(
    200,
  );
  expect((await bruno.api.post(`/api/swaps/${done}/rating`, { stars: 5 })).status).toBe(200);
  // An open swap, accepted: it reserves Bruno's 12 (and Anna's 2).
  const open = (await propose(anna, bruno, ['2'], ['12'])).body.id;
  expect((await act(bruno, open, 'accept')).status).toBe(200);
  expect(await reservedOf(bruno.id)).toContain('1');
  // A chat with messages both ways (the proposals opened it).
  const matches = await bruno.api.get<{ id: number; user2: { id: number } }[]>('/api/matches');
  const matchId = matches.body.find((match) => match.user2.id === anna.id)?.id as number;
  expect(matchId).toBeTypeOf('number');
  expect((await anna.api.post(`/api/matches/${matchId}/messages`, { content: 'Ciao Bruno' })).status).toBe(
    200,
  );
  expect((await bruno.api.post(`/api/matches/${matchId}/messages`, { content: 'Ciao Anna' })).status).toBe(
    200,
  );
  // Blocks made and received, reports filed and received.
  expect((await anna.api.post(`/api/users/${carla.id}/block`)).status).toBe(200);
  expect((await dario.api.post(`/api/users/${anna.id}/block`)).status).toBe(200);
  expect((await anna.api.post(`/api/users/${carla.id}/report`, { reason: 'Scortese' })).status).toBe(200);
  expect((await bruno.api.post(`/api/users/${anna.id}/report`, { reason: 'Insistente' })).status).toBe(200);

  // A wrong password changes nothing.
  const before = await rowsReferencing(anna.id);
  expect(before).toMatchObject({
    'collection.user_id': 1,
    'sticker_mark.user_id': expect.any(Number),
    'sticker_spare.user_id': 1,
    'user_session.user_id': 1,
    'user_block.blocker_id': 1,
    'user_block.blocked_id': 1,
  });
  expect(await deleteAccount(anna, 'sbagliata')).toMatchObject({
    status: 400,
    body: { message: WRONG_PASSWORD },
  });
  expect(await rowsReferencing(anna.id)).toEqual(before);
  expect((await anna.api.get('/api/auth/me')).status).toBe(200);

  const oldCookie = anna.api.cookie;
  // Anna's open streams end with her sessions; Bruno's inbox hears of the swap called off.
  const inbox = async (user: SwapCollector) => {
    const stream = await openSse(`${server.url}/trpc/chat.onInbox`, user.api.cookie as string);
    await stream.next((data) => (data as { type?: string }).type === 'ready');
    return stream;
  };
  const [annaInbox, brunoInbox] = await Promise.all([inbox(anna), inbox(bruno)]);
  expect(await deleteAccount(anna, anna.password)).toMatchObject({ status: 200, body: { ok: true } });
  expect(anna.api.cookie).toBeUndefined();
  try {
    await brunoInbox.next((data) => (data as { swapId?: number }).swapId === open);
    await annaInbox.ended;
  } finally {
    annaInbox.close();
    brunoInbox.close();
  }

  // Only the history others keep still points at Anna's id, and it names nobody.
  const after = await rowsReferencing(anna.id);
  const chatSide = anna.id < bruno.id ? 'match.user_low_id' : 'match.user_high_id';
  expect(Object.keys(after).sort()).toEqual(
    [
      chatSide,
      'message.sender_id',
      'report.reported_user_id',
      'report.user_id',
      'swap.from_user_id',
      'swap_item.giver_id',
      'swap_rating.rated_id',
      'swap_rating.rater_id',
    ].sort(),
  );
  const [tombstone] = await sql<Record<string, unknown>>(
    server.databaseUrl,
    'select * from app_user where id = $1',
    [anna.id],
  );
  expect(tombstone).toMatchObject({
    nickname: DELETED,
    email: null,
    email_verified_at: null,
    cap: null,
    comune: null,
    latitude: 0,
    longitude: 0,
    album_selezionato: null,
    is_active: false,
    is_admin: false,
    is_premium: false,
    last_login_at: null,
    last_seen_at: null,
    show_presence: false,
    deleted_at: expect.any(Date),
  });
  expect(tombstone?.password_hash).toBe('');

  // The old cookie and the nickname open nothing.
  expect(
    (await apiClient(server.url).request('GET', '/api/auth/me', { headers: { cookie: oldCookie ?? '' } }))
      .status,
  ).toBe(401);
  const login = await apiClient(server.url).post('/api/auth/login', {
    nickname: anna.nickname,
    password: anna.password,
  });
  expect(login).toMatchObject({ status: 401, body: { message: 'Nickname o password non corretti' } });

  // Bruno keeps the chat, Anna's messages signed 'Utente eliminato'; he cannot write to nobody.
  const messages = await bruno.api.get<ChatMessage[]>(`/api/matches/${matchId}/messages`);
  expect(messages.body.map((message) => [message.sender.nickname, message.content])).toEqual([
    [DELETED, 'Ciao Bruno'],
    [bruno.nickname, 'Ciao Anna'],
  ]);
  expect((await bruno.api.post(`/api/matches/${matchId}/messages`, { content: 'Ci sei?' })).status).toBe(409);
  const chats =
    await bruno.api.get<{ id: number; user2: { nickname: string; place: unknown } }[]>('/api/matches');
  // A tombstone is nowhere: no comune, no distance from the point it was given.
  expect(chats.body.find((match) => match.id === matchId)?.user2).toMatchObject({
    nickname: DELETED,
    place: null,
  });
  // His open swap is called off and his 12 free again; the completed one stays in his history.
  expect((await bruno.api.get<SwapView>(`/api/swaps/${open}`)).body).toMatchObject({
    status: 'annullato',
    from: { id: anna.id, nickname: DELETED },
  });
  expect(await reservedOf(bruno.id)).not.toContain('1');
  expect((await bruno.api.get<SwapView>(`/api/swaps/${done}`)).body).toMatchObject({
    status: 'completato',
    from: { id: anna.id, nickname: DELETED },
  });
  // The rating Anna gave still counts for Bruno.
  const reputation = await bruno.api.get(`/api/users/${bruno.id}/reputation`);
  expect(reputation.body).toMatchObject({ ratings: 1, average: 4 });
  // Dario's block list no longer names her.
  expect((await dario.api.get<unknown[]>('/api/user/blocks')).body).toEqual([]);

  // The admins' table no longer lists her, and the tombstone cannot be switched back on.
  const admin = await logInAsAdmin(apiClient(server.url), server);
  const listed = await admin.get<{ id: number }[]>('/api/admin/users');
  expect(listed.body.map((user) => user.id)).not.toContain(anna.id);
  expect((await admin.patch(`/api/admin/users/${anna.id}/toggle-status`, { is_active: true })).status).toBe(
    404,
  );

  // Nor count her: the dashboard and the table agree, and the tombstones are nowhere.
  const [live] = await sql<{ n: string }>(
    server.databaseUrl,
    'select count(*) as n from app_user where deleted_at is null',
  );
  expect((await admin.get('/api/admin/users/counts')).body).toMatchObject({ total: Number(live?.n) });
  expect((await admin.get('/api/admin/stats')).body).toMatchObject({ totalUsers: Number(live?.n) });

  // The nickname is free again, for somebody new (a new id: nothing of Anna's comes with it).
  const heir = await registeredUser(server.url, { nickname: anna.nickname });
  expect(heir.id).not.toBe(anna.id);
  expect((await heir.api.get<unknown[]>('/api/matches')).body).toEqual([]);
});

test('deleting an account needs the password: validated and throttled in Italian; anonymous 401', async () => {
  const anna = await collector();
  expect(await deleteAccount(anna, '')).toMatchObject({
    status: 400,
    body: { message: 'La password è obbligatoria' },
  });
  expect((await anna.api.request('DELETE', '/api/user', { json: {} })).status).toBe(400);
  expect((await apiClient(server.url).delete('/api/user', { password: 'x' })).status).toBe(401);
  for (let i = 0; i < 10; i += 1) {
    expect((await deleteAccount(anna, `sbagliata${i}`)).status).toBe(400);
  }
  const throttled = await deleteAccount(anna, anna.password);
  expect(throttled.status).toBe(429);
  expect(throttled.body.message).toMatch(
    /^Troppi tentativi con la password attuale\. Riprova tra \d+ minut[oi]\.$/,
  );
  expect((await anna.api.get('/api/auth/me')).status).toBe(200);
});

test('the last administrator cannot delete their own account; one of two can', async () => {
  const admin = await logInAsAdmin(apiClient(server.url), server);
  expect(await admin.delete('/api/user', { password: TEST_ADMIN.password })).toMatchObject({
    status: 409,
    body: {
      message: 'Non c’è un altro amministratore: nominane uno prima di eliminare il tuo account',
    },
  });
  expect((await admin.get('/api/auth/me')).status).toBe(200);

  // Another administrator can, while this one remains.
  const second = await collector();
  await sql(server.databaseUrl, 'update app_user set is_admin = true where id = $1', [second.id]);
  expect(await deleteAccount(second, second.password)).toMatchObject({ status: 200, body: { ok: true } });
});

test('a Punto Scambio the collector suggested stays when they leave, with its swaps: it only forgets who suggested it', async () => {
  const admin = await logInAsAdmin(apiClient(server.url), server);
  const { anna, bruno } = await pair();
  const suggested = await anna.api.post<{ id: number }>('/api/punti-scambio', {
    name: 'Edicola di Anna',
    kind: 'edicola',
    address: 'Via Torino 3',
    cap: '20123',
    openingHours: [1, 2, 3, 4, 5, 6, 7].map((day) => ({ day, opens: '08:00', closes: '20:00' })),
  });
  expect(suggested.status).toBe(201);
  const verified = await admin.put(`/api/admin/punti-scambio/${suggested.body.id}`, {
    name: 'Edicola di Anna',
    kind: 'edicola',
    address: 'Via Torino 3',
    cap: '20123',
    openingHours: [1, 2, 3, 4, 5, 6, 7].map((day) => ({ day, opens: '08:00', closes: '20:00' })),
    state: 'verificato',
  });
  expect(verified.status).toBe(200);
  // Bruno's proposal to meet there.
  const tomorrow = new Date();
  tomorrow.setUTCHours(24 + 10, 0, 0, 0);
  const made = await bruno.api.post<{ id: number }>('/api/swaps', {
    toUserId: anna.id,
    albumId: album.id,
    give: ['11'],
    receive: ['1'],
    puntoScambioId: suggested.body.id,
    slotStart: tomorrow.toISOString(),
    slotEnd: new Date(tomorrow.getTime() + 30 * 60_000).toISOString(),
  });
  expect(made.status).toBe(201);
  expect(await deleteAccount(anna, anna.password)).toMatchObject({ status: 200, body: { ok: true } });
  expect(
    await sql(server.databaseUrl, 'select state, suggested_by_id from swap_point where id = $1', [
      suggested.body.id,
    ]),
  ).toEqual([{ state: 'verificato', suggested_by_id: null }]);
  expect((await bruno.api.get(`/api/punti-scambio/${suggested.body.id}`)).status).toBe(200);
});
