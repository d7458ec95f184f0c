import { expect, test } from 'vitest';
import { apiClient, registeredUser } from '../../test/support/api-client.ts';
import { makeCandidates, matchedPair } from '../../test/support/collectors.ts';
import { setUpServerWithAdmin } from '../../test/support/server-with-admin.ts';
import { sql } from '../../test/support/sql.ts';
import { openSse } from '../../test/support/sse.ts';
import { startTestServer } from '../../test/support/test-server.ts';

const { server, admin } = setUpServerWithAdmin();

type Message = {
  id: number;
  senderId: number;
  sender: { nickname: string };
  content: string;
  createdAt: string;
};

const pair = () => matchedPair(server);
type Collector = Awaited<ReturnType<typeof registeredUser>>;

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

test('a send repeated with the same key stores one message and answers it both times; a bad key is refused', async () => {
  const { anna, bruno, matchId } = await pair();
  const key = crypto.randomUUID();
  const first = await anna.api.post<Message>(`/api/matches/${matchId}/messages`, { content: 'Ci sono', key });
  expect(first.status).toBe(200);
  // The answer was lost on the way: the phone sends the same message again, and again at once twice.
  const again = await Promise.all(
    [1, 2, 3].map(() =>
      anna.api.post<Message>(`/api/matches/${matchId}/messages`, { content: 'Ci sono', key }),
    ),
  );
  for (const repeat of again) expect(repeat).toMatchObject({ status: 200, body: first.body });
  // Two phones' worth of the same send at the very same moment (a repeat racing the first): one row too.
  const raced = crypto.randomUUID();
  const together = await Promise.all(
    [1, 2, 3].map(() =>
      anna.api.post<Message>(`/api/matches/${matchId}/messages`, { content: 'Arrivo', key: raced }),
    ),
  );
  for (const answer of together) expect(answer).toMatchObject({ status: 200, body: together[0]?.body });
  const stored = (await bruno.api.get<Message[]>(`/api/matches/${matchId}/messages`)).body;
  expect(stored).toEqual([first.body, together[0]?.body]);
  // The key is the sender's own: Bruno may use the same one, and a second message needs a new one.
  expect((await bruno.api.post(`/api/matches/${matchId}/messages`, { content: 'Ok', key })).status).toBe(200);
  const next = await anna.api.post<Message>(`/api/matches/${matchId}/messages`, {
    content: 'Ancora io',
    key: crypto.randomUUID(),
  });
  expect(next.body.id).toBeGreaterThan(first.body.id);
  expect(
    await sql(server.databaseUrl, 'select count(*)::int as n from message where match_id = $1', [matchId]),
  ).toEqual([{ n: 4 }]);
  expect(
    await anna.api.post(`/api/matches/${matchId}/messages`, { content: 'x', key: 'non-una-chiave' }),
  ).toMatchObject({ status: 400, body: { message: 'Chiave del messaggio non valida' } });
  // Blocked since, Anna's phone may still repeat the send whose answer it lost: the same answer; a new one is refused.
  expect((await bruno.api.post(`/api/users/${anna.id}/block`)).status).toBe(200);
  const late = await anna.api.post<Message>(`/api/matches/${matchId}/messages`, { content: 'Ci sono', key });
  expect(late).toMatchObject({ status: 200, body: first.body });
  const refused = await anna.api.post(`/api/matches/${matchId}/messages`, {
    content: 'Ci sei?',
    key: crypto.randomUUID(),
  });
  expect(refused.status).toBe(403);
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

type Peer = {
  id: number;
  nickname: string;
  place: { comune: string | null; distanceKm: number } | null;
  presence: string | null;
};
const peerOf = async (me: Collector, matchId: number) => {
  const response = await me.api.get<{ user2: Peer }>(`/api/matches/${matchId}`);
  expect(response.status).toBe(200);
  return response.body.user2;
};
const lastSeen = (user: { id: number }, ago: string) =>
  sql(server.databaseUrl, `update app_user set last_seen_at = now() - interval '${ago}' where id = $1`, [
    user.id,
  ]);

test('presence reaches the other only once they have written in our chat, coarsely, never as a time', async () => {
  const { anna, bruno, matchId } = await pair();
  await bruno.api.get(`/api/matches/${matchId}/messages`);
  // Bruno has the app open, but he has not written to Anna: she learns nothing.
  expect(await peerOf(anna, matchId)).toEqual({
    id: bruno.id,
    nickname: bruno.nickname,
    place: { comune: 'Milano', distanceKm: 0 },
    presence: null,
    closed: null,
  });

  await bruno.api.post(`/api/matches/${matchId}/messages`, { content: 'ciao Anna' });
  expect((await peerOf(anna, matchId)).presence).toBe('online');
  // Anna has not written: Bruno does not see her, though she just looked.
  expect((await peerOf(bruno, matchId)).presence).toBeNull();

  await lastSeen(bruno, '3 days');
  expect((await peerOf(anna, matchId)).presence).toBe('week');
  await lastSeen(bruno, '8 days');
  expect((await peerOf(anna, matchId)).presence).toBeNull();

  // No answer to the other carries a time of presence: not the header, not the list, not tRPC.
  const answers = await Promise.all([
    anna.api.get(`/api/matches/${matchId}`),
    anna.api.get('/api/matches'),
    anna.api.get(`/trpc/matches.get?input=${encodeURIComponent(JSON.stringify({ matchId }))}`),
    anna.api.post('/api/matches', { user2Id: bruno.id }),
  ]);
  for (const answer of answers) expect(JSON.stringify(answer.body)).not.toMatch(/lastSeen|online"/i);
});

test('a collector who turns presence off in Profilo is seen by nobody, until they turn it on again', async () => {
  const { anna, bruno, matchId } = await pair();
  await bruno.api.post(`/api/matches/${matchId}/messages`, { content: 'ciao' });
  expect((await bruno.api.get('/api/auth/me')).body).toMatchObject({ showPresence: true });

  const off = await bruno.api.put('/api/user/presence', { showPresence: false });
  expect(off).toMatchObject({ status: 200, body: { showPresence: false } });
  expect((await bruno.api.get('/api/auth/me')).body).toMatchObject({ showPresence: false });
  await bruno.api.get(`/api/matches/${matchId}/messages`);
  expect((await peerOf(anna, matchId)).presence).toBeNull();

  expect(await bruno.api.put('/api/user/presence', { showPresence: true })).toMatchObject({
    status: 200,
    body: { showPresence: true },
  });
  expect((await peerOf(anna, matchId)).presence).toBe('online');

  // Bad input is refused in Italian; nobody else's switch can be touched (there is no id to name).
  expect(await bruno.api.put('/api/user/presence', { showPresence: 'no' })).toMatchObject({
    status: 400,
    body: { message: 'Indica se mostrare la tua presenza (showPresence)' },
  });
  expect(await bruno.api.put('/api/user/presence', { showPresence: false, userId: anna.id })).toMatchObject({
    status: 400,
  });
  expect(await apiClient(server.url).put('/api/user/presence', { showPresence: false })).toMatchObject({
    status: 401,
  });
});

test('a match shows where the other is only while the search could show them to me, or once they wrote to me', async () => {
  const { anna, bruno, matchId } = await pair();
  expect((await peerOf(anna, matchId)).place).toEqual({ comune: 'Milano', distanceKm: 0 });
  // Bruno moves to Rome: no longer Anna's candidate, and he never wrote to her.
  await bruno.api.put('/api/user/profile', { nickname: bruno.nickname, cap: '00184' });
  expect((await peerOf(anna, matchId)).place).toBeNull();
  const listed = (await anna.api.get<{ id: number; user2: Peer }[]>('/api/matches')).body;
  expect(listed.find((match) => match.id === matchId)?.user2.place).toBeNull();
  expect(
    (await anna.api.post<{ user2: Peer }>('/api/matches', { user2Id: bruno.id })).body.user2?.place ?? null,
  ).toBeNull();
  // Nor is Anna his any more (Rome is as far from Milan as Milan from Rome), and she never wrote.
  expect((await peerOf(bruno, matchId)).place).toBeNull();

  // Once he writes to her, she may know where he is now (the place they would meet): his comune and how
  // far, never his CAP.
  await bruno.api.post(`/api/matches/${matchId}/messages`, { content: 'mi sono trasferito' });
  expect((await peerOf(anna, matchId)).place).toEqual({ comune: 'Roma', distanceKm: 479 });
  expect((await peerOf(bruno, matchId)).place).toBeNull();
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
