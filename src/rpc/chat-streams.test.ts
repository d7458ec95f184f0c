import { afterAll, beforeAll, expect, test } from 'vitest';
import { apiClient } from '../../test/support/api-client.ts';
import { matchedPair } from '../../test/support/collectors.ts';
import { setUpServerWithAdmin } from '../../test/support/server-with-admin.ts';
import { openSse } from '../../test/support/sse.ts';
import { startTestServer, type TestServer } from '../../test/support/test-server.ts';

// Two app servers on one database: a session that ends must close its streams on both.
const { server, admin } = setUpServerWithAdmin();
let second: TestServer;
beforeAll(async () => {
  second = await startTestServer({ databaseUrl: server.databaseUrl });
});
afterAll(async () => {
  await second?.close();
});

const contentOf = (data: unknown) => (data as { message?: { content?: string } } | null)?.message?.content;
const contentsOf = (stream: Awaited<ReturnType<typeof openSse>>) =>
  stream.events.map((event) => contentOf(event.data)).filter((content) => content !== undefined);

/** A chat stream of `matchId` on `app`, as the browser with this cookie opens it, once it is listening. */
async function openChat(app: { url: string }, cookie: string | undefined, matchId: number) {
  const input = encodeURIComponent(JSON.stringify({ matchId }));
  const stream = await openSse(`${app.url}/trpc/chat.onMessage?input=${input}`, cookie as string);
  await stream.next((data) => (data as { type?: string }).type === 'ready');
  return stream;
}

test('a collector keeps at most 5 chat streams on a server: opening a 6th closes the oldest', async () => {
  const { anna, bruno, matchId } = await matchedPair(server);
  const streams = [];
  for (let i = 0; i < 5; i += 1) streams.push(await openChat(server, bruno.api.cookie, matchId));
  const [oldest, ...others] = streams;
  const sixth = await openChat(server, bruno.api.cookie, matchId);
  await oldest?.ended;
  // Anna's own stream does not count against Bruno's five.
  const annaStream = await openChat(server, anna.api.cookie, matchId);
  await anna.api.post(`/api/matches/${matchId}/messages`, { content: 'quante chat aperte!' });
  for (const stream of [...others, sixth, annaStream]) {
    await stream.next((data) => contentOf(data) === 'quante chat aperte!');
  }
  expect(contentsOf(oldest as (typeof streams)[number])).toEqual([]);
  for (const stream of [...others, sixth, annaStream]) stream.close();
});

test('logging out ends that session’s streams at once, on every server; what is sent afterwards never arrives', async () => {
  const { anna, bruno, matchId } = await matchedPair(server);
  const otherBrowser = apiClient(server.url);
  await otherBrowser.post('/api/auth/login', { nickname: bruno.nickname, password: bruno.password });
  const onFirst = await openChat(server, bruno.api.cookie, matchId);
  const onSecond = await openChat(second, bruno.api.cookie, matchId);
  const stillLoggedIn = await openChat(second, otherBrowser.cookie, matchId);

  expect(await bruno.api.post('/api/auth/logout')).toMatchObject({ status: 200 });
  await anna.api.post(`/api/matches/${matchId}/messages`, { content: 'dopo il logout' });
  await Promise.all([onFirst.ended, onSecond.ended]);
  expect(contentsOf(onFirst)).toEqual([]);
  expect(contentsOf(onSecond)).toEqual([]);
  // Bruno's other browser is still logged in and still live.
  await stillLoggedIn.next((data) => contentOf(data) === 'dopo il logout');
  stillLoggedIn.close();
});

test('changing the password ends the streams of the sessions it ends, on every server', async () => {
  const { anna, bruno, matchId } = await matchedPair(server);
  const before = await openChat(second, bruno.api.cookie, matchId);
  const changed = await bruno.api.put('/api/user/change-password', {
    currentPassword: bruno.password,
    newPassword: 'password2',
  });
  expect(changed.status).toBe(200);
  await anna.api.post(`/api/matches/${matchId}/messages`, { content: 'dopo il cambio password' });
  await before.ended;
  expect(contentsOf(before)).toEqual([]);
  // The session the change hands back streams as usual.
  const after = await openChat(second, bruno.api.cookie, matchId);
  await anna.api.post(`/api/matches/${matchId}/messages`, { content: 'con la nuova sessione' });
  await after.next((data) => contentOf(data) === 'con la nuova sessione');
  after.close();
});

test('deactivating a collector ends all their streams at once, on every server', async () => {
  const { bruno, matchId } = await matchedPair(server);
  const onFirst = await openChat(server, bruno.api.cookie, matchId);
  const onSecond = await openChat(second, bruno.api.cookie, matchId);
  const deactivated = await admin.patch(`/api/admin/users/${bruno.id}/toggle-status`, { is_active: false });
  expect(deactivated.status).toBe(200);
  await Promise.all([onFirst.ended, onSecond.ended]);
});

test('the chat stream is never compressed, whatever the browser accepts: each message arrives on its own', async () => {
  const { anna, bruno, matchId } = await matchedPair(server);
  const stream = await openChat(server, bruno.api.cookie, matchId);
  expect(stream.headers.get('content-type')).toMatch(/^text\/event-stream/);
  expect(stream.headers.get('content-encoding')).toBeNull();
  for (const content of ['primo', 'secondo', 'terzo']) {
    await anna.api.post(`/api/matches/${matchId}/messages`, { content });
    await stream.next((data) => contentOf(data) === content);
    expect(contentsOf(stream)).toContain(content);
  }
  expect(contentsOf(stream)).toEqual(['primo', 'secondo', 'terzo']);
  stream.close();
});

/** A collector's inbox stream on `app` (word of new messages in any of their matches), once it listens. */
async function openInbox(app: { url: string }, cookie: string | undefined) {
  const stream = await openSse(`${app.url}/trpc/chat.onInbox`, cookie as string);
  await stream.next((data) => (data as { type?: string }).type === 'ready');
  return stream;
}
const matchIdsOf = (stream: Awaited<ReturnType<typeof openSse>>) =>
  stream.events
    .map((event) => (event.data as { type?: string; matchId?: number } | null) ?? {})
    .filter((data) => data.type === 'message')
    .map((data) => data.matchId);

test('the inbox hears of every message in any of my matches, sent on any server, and of nobody else’s', async () => {
  const first = await matchedPair(server);
  const other = await matchedPair(server);
  const brunoInbox = await openInbox(second, first.bruno.api.cookie);
  const annaInbox = await openInbox(server, first.anna.api.cookie);
  const strangerInbox = await openInbox(second, other.anna.api.cookie);

  await first.anna.api.post(`/api/matches/${first.matchId}/messages`, { content: 'ci sei?' });
  await brunoInbox.next((data) => (data as { matchId?: number }).matchId === first.matchId);
  // The sender's other devices hear of it too (their list shows the latest message).
  await annaInbox.next((data) => (data as { matchId?: number }).matchId === first.matchId);
  await other.bruno.api.post(`/api/matches/${other.matchId}/messages`, { content: 'altro match' });
  await strangerInbox.next((data) => (data as { matchId?: number }).matchId === other.matchId);

  expect(matchIdsOf(brunoInbox)).toEqual([first.matchId]);
  expect(matchIdsOf(strangerInbox)).toEqual([other.matchId]);
  // Word only: the content travels in the chat's own stream, to the participants' open chats.
  expect(JSON.stringify(brunoInbox.events)).not.toContain('ci sei?');
  for (const stream of [brunoInbox, annaInbox, strangerInbox]) stream.close();
});

test('an inbox does not take a chat stream’s place, and ends with its session', async () => {
  const { anna, bruno, matchId } = await matchedPair(server);
  const chats = [];
  for (let i = 0; i < 5; i += 1) chats.push(await openChat(server, bruno.api.cookie, matchId));
  const inbox = await openInbox(server, bruno.api.cookie);
  await anna.api.post(`/api/matches/${matchId}/messages`, { content: 'tutte aperte' });
  for (const chat of chats) await chat.next((data) => contentOf(data) === 'tutte aperte');
  await inbox.next((data) => (data as { matchId?: number }).matchId === matchId);

  expect(await bruno.api.post('/api/auth/logout')).toMatchObject({ status: 200 });
  await inbox.ended;
  // Nobody logged in: the stream carries only the refusal.
  const anonymous = await openSse(`${server.url}/trpc/chat.onInbox`, '');
  const refusal = await anonymous.next((_data, name) => name === 'serialized-error');
  expect(JSON.stringify(refusal.data)).toContain('UNAUTHORIZED');
  anonymous.close();
  for (const chat of chats) chat.close();
});
