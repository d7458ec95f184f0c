import { afterAll, beforeAll, expect, test } from 'vitest';
import { adminClient } from '../../test/support/admin-client.ts';
import { apiClient, registeredUser } from '../../test/support/api-client.ts';
import { makeCandidates, matchedPair } from '../../test/support/collectors.ts';
import { sql } from '../../test/support/sql.ts';
import { openSse } from '../../test/support/sse.ts';
import { startTestServer, type TestServer } from '../../test/support/test-server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

type Message = {
  id: number;
  senderId: number;
  sender: { nickname: string };
  content: string;
  createdAt: string;
};

const pair = () => matchedPair(server);

test('participants write and read messages, trimmed, oldest first', async () => {
  const { anna, bruno, matchId } = await pair();
  const sent = await anna.api.post<Message>(`/api/matches/${matchId}/messages`, {
    content: '  Ciao Bruno!  ',
  });
  expect(sent).toMatchObject({
    status: 200,
    body: { senderId: anna.id, sender: { nickname: anna.nickname }, content: 'Ciao Bruno!' },
  });
  await bruno.api.post(`/api/matches/${matchId}/messages`, { content: 'Ciao Anna, ho la 12' });
  await anna.api.post(`/api/matches/${matchId}/messages`, { content: '<b>Perfetto</b>' });
  const read = await bruno.api.get<Message[]>(`/api/matches/${matchId}/messages`);
  expect(read.status).toBe(200);
  expect(read.body.map((message) => message.content)).toEqual([
    'Ciao Bruno!',
    'Ciao Anna, ho la 12',
    '<b>Perfetto</b>',
  ]);
  expect(read.body[0]).toEqual({
    id: expect.any(Number),
    senderId: anna.id,
    sender: { nickname: anna.nickname },
    content: 'Ciao Bruno!',
    createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
  });
  const newer = await bruno.api.get<Message[]>(`/api/matches/${matchId}/messages?after=${read.body[1]?.id}`);
  expect(newer.body.map((message) => message.content)).toEqual(['<b>Perfetto</b>']);
});

test('only the two participants may read or write: anybody else gets 404, anonymous 401', async () => {
  const { anna, matchId } = await pair();
  await anna.api.post(`/api/matches/${matchId}/messages`, { content: 'privato' });
  const stranger = await registeredUser(server.url);
  const notFound = { status: 404, body: { message: 'Match non trovato' } };
  expect(await stranger.api.get(`/api/matches/${matchId}/messages`)).toMatchObject(notFound);
  expect(await stranger.api.post(`/api/matches/${matchId}/messages`, { content: 'ciao' })).toMatchObject(
    notFound,
  );
  expect(await stranger.api.get(`/api/matches/${matchId}`)).toMatchObject(notFound);
  expect(await stranger.api.get('/api/matches/99999999/messages')).toMatchObject(notFound);
  const anonymous = apiClient(server.url);
  expect(await anonymous.get(`/api/matches/${matchId}/messages`)).toMatchObject({ status: 401 });
  expect(await anonymous.post(`/api/matches/${matchId}/messages`, { content: 'x' })).toMatchObject({
    status: 401,
  });
  expect((await anna.api.get<Message[]>(`/api/matches/${matchId}/messages`)).body).toHaveLength(1);
});

test('a deactivated participant is logged out; the other can read but not write to them', async () => {
  const { anna, bruno, matchId } = await pair();
  await bruno.api.post(`/api/matches/${matchId}/messages`, { content: 'prima' });
  const admin = await adminClient(server.url);
  await admin.patch(`/api/admin/users/${bruno.id}/toggle-status`, { is_active: false });
  expect(await bruno.api.get(`/api/matches/${matchId}/messages`)).toMatchObject({ status: 401 });
  expect((await anna.api.get<Message[]>(`/api/matches/${matchId}/messages`)).body).toHaveLength(1);
  expect(await anna.api.post(`/api/matches/${matchId}/messages`, { content: 'ci sei?' })).toMatchObject({
    status: 409,
    body: { message: 'Questo utente non è più attivo: non puoi inviargli messaggi' },
  });
});

test('content is trimmed and bounded: empty or over 1,000 characters is refused', async () => {
  const { anna, matchId } = await pair();
  const cases: [unknown, string][] = [
    [{ content: '' }, 'Il messaggio non può essere vuoto'],
    [{ content: '   \n ' }, 'Il messaggio non può essere vuoto'],
    [{}, 'Il messaggio non può essere vuoto'],
    [{ content: 'x'.repeat(1001) }, 'Il messaggio non può superare 1000 caratteri'],
  ];
  for (const [body, message] of cases) {
    expect(await anna.api.post(`/api/matches/${matchId}/messages`, body)).toMatchObject({
      status: 400,
      body: { message },
    });
  }
  expect(
    await anna.api.post(`/api/matches/${matchId}/messages`, { content: 'x'.repeat(1000) }),
  ).toMatchObject({
    status: 200,
  });
  expect(await anna.api.get(`/api/matches/abc/messages`)).toMatchObject({
    status: 400,
    body: { message: 'Match non valido' },
  });
});

test('sending is limited to 30 messages a minute per user', async () => {
  const { anna, bruno, matchId } = await pair();
  const statuses: number[] = [];
  for (let i = 0; i < 31; i++) {
    statuses.push((await anna.api.post(`/api/matches/${matchId}/messages`, { content: `n. ${i}` })).status);
  }
  expect(statuses.slice(0, 30)).toEqual(Array(30).fill(200));
  const refused = await anna.api.post(`/api/matches/${matchId}/messages`, { content: 'ancora' });
  expect(refused).toMatchObject({
    status: 429,
    body: { message: expect.stringMatching(/^Stai inviando troppi messaggi: riprova tra \d+ second[oi]$/) },
  });
  expect(await bruno.api.post(`/api/matches/${matchId}/messages`, { content: 'io posso' })).toMatchObject({
    status: 200,
  });
});

test('unread counts and latest message time in the match list; reading clears them', async () => {
  const { anna, bruno, matchId } = await pair();
  type Item = { id: number; unreadCount: number; lastMessageAt: string | null };
  const itemOf = async (user: typeof anna) =>
    (await user.api.get<Item[]>('/api/matches')).body.find((item) => item.id === matchId);
  expect(await itemOf(bruno)).toMatchObject({ unreadCount: 0, lastMessageAt: null });
  await anna.api.post(`/api/matches/${matchId}/messages`, { content: 'uno' });
  await anna.api.post(`/api/matches/${matchId}/messages`, { content: 'due' });
  expect(await itemOf(bruno)).toMatchObject({ unreadCount: 2, lastMessageAt: expect.any(String) });
  expect(await itemOf(anna)).toMatchObject({ unreadCount: 0 });
  expect(await bruno.api.put(`/api/matches/${matchId}/read`)).toMatchObject({ status: 200 });
  expect(await itemOf(bruno)).toMatchObject({ unreadCount: 0 });
  const tre = await anna.api.post<Message>(`/api/matches/${matchId}/messages`, { content: 'tre' });
  await anna.api.post(`/api/matches/${matchId}/messages`, { content: 'quattro' });
  expect(await itemOf(bruno)).toMatchObject({ unreadCount: 2 });
  // Read up to what was on screen: a message that lands meanwhile stays unread.
  await bruno.api.put(`/api/matches/${matchId}/read`, { upToId: tre.body.id });
  expect(await itemOf(bruno)).toMatchObject({ unreadCount: 1 });
});

test("the match list shows each chat's latest message (its start, and whether it is mine), latest activity first", async () => {
  const { anna, bruno, matchId } = await pair();
  type Item = { id: number; lastMessage: { content: string; mine: boolean } | null };
  const list = async (user: typeof anna) => (await user.api.get<Item[]>('/api/matches')).body;
  expect((await list(anna)).find((item) => item.id === matchId)?.lastMessage).toBeNull();

  await bruno.api.post(`/api/matches/${matchId}/messages`, { content: 'Ho la 12, ti serve?' });
  expect((await list(anna)).find((item) => item.id === matchId)?.lastMessage).toEqual({
    content: 'Ho la 12, ti serve?',
    mine: false,
  });
  const long = `Sì! ${'a'.repeat(990)}`;
  await anna.api.post(`/api/matches/${matchId}/messages`, { content: long });
  expect((await list(anna)).find((item) => item.id === matchId)?.lastMessage).toEqual({
    content: long.slice(0, 120),
    mine: true,
  });
  expect((await list(bruno)).find((item) => item.id === matchId)?.lastMessage).toEqual({
    content: long.slice(0, 120),
    mine: false,
  });

  // A newer match comes first until the older one has a newer message.
  const carla = await registeredUser(server.url);
  await makeCandidates(server, anna, carla);
  const newer = await anna.api.post<{ id: number }>('/api/matches', { user2Id: carla.id });
  expect((await list(anna)).map((item) => item.id)).toEqual([newer.body.id, matchId]);
  await bruno.api.post(`/api/matches/${matchId}/messages`, { content: 'Allora a sabato' });
  expect((await list(anna)).map((item) => item.id)).toEqual([matchId, newer.body.id]);
});

test('presence: the other participant is online right after using the app', async () => {
  const { anna, bruno, matchId } = await pair();
  type Info = { user2: { nickname: string; online: boolean; lastSeenAt: string | null } };
  expect((await anna.api.get<Info>(`/api/matches/${matchId}`)).body.user2).toMatchObject({
    nickname: bruno.nickname,
    online: false,
    lastSeenAt: null,
  });
  await bruno.api.get(`/api/matches/${matchId}/messages`);
  expect((await anna.api.get<Info>(`/api/matches/${matchId}`)).body.user2).toMatchObject({
    online: true,
    lastSeenAt: expect.any(String),
  });
});

const contentOf = (data: unknown) => (data as { message?: { content?: string } } | null)?.message?.content;

test('a message reaches the open stream of the other participant, also through a second server', async () => {
  const { anna, bruno, matchId } = await pair();
  const second = await startTestServer({ databaseUrl: server.databaseUrl });
  try {
    const input = encodeURIComponent(JSON.stringify({ matchId }));
    const stream = await openSse(
      `${second.url}/trpc/chat.onMessage?input=${input}`,
      bruno.api.cookie as string,
    );
    await stream.next((data) => (data as { type?: string }).type === 'ready');
    const started = performance.now();
    await anna.api.post(`/api/matches/${matchId}/messages`, { content: 'arriva?' });
    const event = await stream.next((data) => contentOf(data) === 'arriva?');
    expect(performance.now() - started).toBeLessThan(1000);
    expect(event.id).toMatch(/^\d+$/);
    stream.close();

    // A reconnect with the last event id replays what was missed meanwhile.
    await anna.api.post(`/api/matches/${matchId}/messages`, { content: 'mentre eri via' });
    const resumed = encodeURIComponent(JSON.stringify({ matchId, lastEventId: event.id }));
    const again = await openSse(
      `${server.url}/trpc/chat.onMessage?input=${resumed}`,
      bruno.api.cookie as string,
    );
    await again.next((data) => contentOf(data) === 'mentre eri via');
    again.close();

    // A stranger's stream carries only the error, never a message of the match.
    const stranger = await registeredUser(server.url);
    const refused = await openSse(
      `${server.url}/trpc/chat.onMessage?input=${input}`,
      stranger.api.cookie as string,
    );
    const error = await refused.next((_data, name) => name === 'serialized-error');
    expect(JSON.stringify(error.data)).toContain('Match non trovato');
    expect(refused.events.some((received) => contentOf(received.data) !== undefined)).toBe(false);
    refused.close();
  } finally {
    await second.close();
  }
});

test('after the LISTEN connection drops, an open stream still delivers what was sent meanwhile', async () => {
  const { anna, bruno, matchId } = await pair();
  const input = encodeURIComponent(JSON.stringify({ matchId }));
  const stream = await openSse(
    `${server.url}/trpc/chat.onMessage?input=${input}`,
    bruno.api.cookie as string,
  );
  await stream.next((data) => (data as { type?: string }).type === 'ready');
  await sql(
    server.databaseUrl,
    "select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and query like 'LISTEN %'",
  );
  await anna.api.post(`/api/matches/${matchId}/messages`, { content: 'durante il buco' });
  await stream.next((data) => contentOf(data) === 'durante il buco', 8000);
  stream.close();
});
