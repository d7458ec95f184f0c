import { afterAll, beforeAll, expect, test } from 'vitest';
import { apiClient } from '../../test/support/api-client.ts';
import { createAlbum, type TestAlbum } from '../../test/support/catalogue.ts';
import { sql } from '../../test/support/sql.ts';
import { swapHelpers } from '../../test/support/swaps.ts';
import { startTestServer, type TestServer } from '../../test/support/test-server.ts';
import { DATA_EXPORTS_PER_HOUR } from '../server/rate-limits.ts';

let server: TestServer;
let album: TestAlbum;
beforeAll(async () => {
  server = await startTestServer();
  album = await createAlbum(server.databaseUrl, { name: 'Calciatori 2026', stickers: 30 });
});
afterAll(() => server.close());

const { collector, propose, act, completedSwap } = swapHelpers(
  {
    get url() {
      return server.url;
    },
  },
  () => album,
);

// biome-ignore lint/suspicious/noExplicitAny: the export is read as plain JSON
type Json = any;

test("'Scarica i miei dati' answers a JSON attachment with every kind of the collector's data, and nothing private of another's", async () => {
  const anna = await collector({ yes: '3, 4', double: '1, 2' });
  const bruno = await collector({ yes: '13', double: '11, 12' });
  await sql(server.databaseUrl, 'update app_user set email = $2, email_verified_at = now() where id = $1', [
    anna.id,
    'anna@example.it',
  ]);
  await sql(server.databaseUrl, 'update app_user set email = $2 where id = $1', [
    bruno.id,
    'bruno.segreto@example.it',
  ]);
  const sticker2 = album.stickers.find((sticker) => sticker.number === '2');
  await sql(
    server.databaseUrl,
    'insert into sticker_spare (user_id, sticker_id, spares) values ($1, $2, 3)',
    [anna.id, sticker2?.id],
  );
  const swapId = await completedSwap(anna, bruno, ['1'], ['11']);
  const open = await propose(bruno, anna, ['12'], ['2']);
  expect(open.status).toBe(201);
  expect((await anna.api.post(`/api/swaps/${swapId}/rating`, { stars: 5, comment: 'Puntuale' })).status).toBe(
    200,
  );
  expect((await bruno.api.post(`/api/swaps/${swapId}/rating`, { stars: 4 })).status).toBe(200);
  const [match] = await sql<{ id: number }>(
    server.databaseUrl,
    'select id from match where user_low_id = least($1::int, $2::int) and user_high_id = greatest($1::int, $2::int)',
    [anna.id, bruno.id],
  );
  await anna.api.post(`/api/matches/${match?.id}/messages`, { content: 'Ciao Bruno, a domani' });
  await bruno.api.post(`/api/matches/${match?.id}/messages`, { content: 'Messaggio privato di Bruno' });
  expect((await anna.api.post('/api/reports', { description: "L'album non si apre" })).status).toBe(200);
  expect((await anna.api.post(`/api/users/${bruno.id}/report`, { reason: 'Non si presenta' })).status).toBe(
    200,
  );
  await act(bruno, open.body.id, 'cancel');
  const carla = await collector();
  expect((await anna.api.post(`/api/users/${carla.id}/block`)).status).toBe(200);
  const pushKeys = { p256dh: `B${'a'.repeat(86)}`, auth: 'b'.repeat(22) };
  const endpoint = 'https://fcm.googleapis.com/fcm/send/anna-phone';
  expect((await anna.api.post('/api/user/push-subscriptions', { endpoint, keys: pushKeys })).status).toBe(
    200,
  );
  expect(
    (await anna.api.put('/api/user/notifications', { digest: { push: true, email: false } })).status,
  ).toBe(200);

  const response = await anna.api.get<Json>('/api/user/export');
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toMatch(/^application\/json/);
  const today = new Date().toISOString().slice(0, 10);
  expect(response.headers.get('content-disposition')).toBe(
    `attachment; filename="scambio-figurine-${anna.nickname}-${today}.json"`,
  );
  const data = response.body;
  expect(data.profile).toMatchObject({
    nickname: anna.nickname,
    email: 'anna@example.it',
    emailVerified: true,
    cap: '20121',
    createdAt: expect.any(String),
    lastAccessAt: expect.any(String),
    isPremium: false,
    trialEndsAt: expect.any(String),
    // Match's like-for-like switch and, per album, whether its doubles are given away (issue 49).
    mixSpecialKinds: false,
  });
  expect(data.collections).toEqual([
    expect.objectContaining({ album: 'Calciatori 2026', inRegalo: false, stickers: expect.any(Array) }),
  ]);
  const stickers = Object.fromEntries(
    data.collections[0].stickers.map((sticker: Json) => [sticker.number, sticker]),
  );
  expect(stickers['3']).toMatchObject({ status: 'owned', markedAt: expect.any(String) });
  expect(stickers['2']).toMatchObject({ status: 'double', spares: 3 });
  expect(stickers['11']).toMatchObject({ status: 'owned' }); // received in the swap
  expect(data.swaps).toHaveLength(2);
  const done = data.swaps.find((swap: Json) => swap.id === swapId);
  expect(done).toMatchObject({
    role: 'proposer',
    other: bruno.nickname,
    album: 'Calciatori 2026',
    status: 'completato',
    give: ['1'],
    receive: ['11'],
    createdAt: expect.any(String),
  });
  expect(data.messagesSent).toEqual([
    expect.objectContaining({
      to: bruno.nickname,
      content: 'Ciao Bruno, a domani',
      sentAt: expect.any(String),
    }),
  ]);
  expect(data.ratingsGiven).toEqual([
    expect.objectContaining({ swapId, to: bruno.nickname, stars: 5, comment: 'Puntuale' }),
  ]);
  expect(data.ratingsReceived).toEqual([expect.objectContaining({ swapId, from: bruno.nickname, stars: 4 })]);
  expect(data.blocks).toEqual([
    expect.objectContaining({ nickname: carla.nickname, blockedAt: expect.any(String) }),
  ]);
  expect(data.reports).toHaveLength(2);
  expect(data.reports).toEqual(
    expect.arrayContaining([
      expect.objectContaining({ description: "L'album non si apre" }),
      expect.objectContaining({ about: bruno.nickname, description: 'Non si presenta' }),
    ]),
  );
  expect(data.sessions).toEqual([
    expect.objectContaining({ device: expect.any(String), startedAt: expect.any(String), current: true }),
  ]);
  expect(data.alerts.settings).toMatchObject({
    proposal: { push: true, email: false },
    digest: { push: true, email: false },
  });
  expect(data.alerts.pushDevices).toEqual([
    { device: expect.any(String), pushService: 'fcm.googleapis.com', subscribedAt: expect.any(String) },
  ]);
  const text = JSON.stringify(data);
  expect(text).not.toContain(pushKeys.p256dh);
  expect(text).not.toContain('bruno.segreto@example.it');
  expect(text).not.toContain('Messaggio privato di Bruno');
  expect(text).not.toContain('password');
  const sessionIds = await sql<{ id: string }>(server.databaseUrl, 'select id from user_session');
  for (const { id } of sessionIds) expect(text).not.toContain(id);
});

test('the export needs a login, and a collector may download it a few times an hour', async () => {
  expect(await apiClient(server.url).get('/api/user/export')).toMatchObject({
    status: 401,
    body: { message: expect.any(String) },
  });
  const spec = await apiClient(server.url).get<{ paths: Record<string, Record<string, unknown>> }>(
    '/api/openapi.json',
  );
  expect(spec.body.paths['/api/user/export']?.get).toBeDefined();
  const dora = await collector({ yes: '5' });
  for (let i = 0; i < DATA_EXPORTS_PER_HOUR; i++)
    expect((await dora.api.get('/api/user/export')).status).toBe(200);
  const refused = await dora.api.get<{ message: string }>('/api/user/export');
  expect(refused.status).toBe(429);
  expect(refused.body.message).toMatch(/^Hai già scaricato i tuoi dati .* Riprova tra /);
});
