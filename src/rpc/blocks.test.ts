import { expect, test } from 'vitest';
import { apiClient, registeredUser } from '../../test/support/api-client.ts';
import { createAlbum } from '../../test/support/catalogue.ts';
import { makeCandidates, matchedPair } from '../../test/support/collectors.ts';
import { setUpServerWithAdmin } from '../../test/support/server-with-admin.ts';
import { openSse } from '../../test/support/sse.ts';

const { server, admin } = setUpServerWithAdmin();

type Collector = Awaited<ReturnType<typeof registeredUser>>;
type Block = { id: number; nickname: string; blockedAt: string };

const I_BLOCKED_WRITE = 'Hai bloccato questo collezionista: togli il blocco per scrivere';
const THEY_BLOCKED_WRITE = 'Non puoi scrivere a questo collezionista';
const I_BLOCKED_CONTACT = 'Hai bloccato questo collezionista: togli il blocco per metterti in contatto';
const THEY_BLOCKED_CONTACT = 'Non puoi contattare questo collezionista';

const block = (me: Collector, other: { id: number | string }) => me.api.post(`/api/users/${other.id}/block`);
const unblock = (me: Collector, other: { id: number | string }) =>
  me.api.delete(`/api/users/${other.id}/block`);
const blocksOf = async (me: Collector) => {
  const response = await me.api.get<Block[]>('/api/user/blocks');
  expect(response.status).toBe(200);
  return response.body;
};

/** A tRPC call as the web client makes it (a mutation is a POST of its input). */
const trpcCall = <T>(me: Collector, procedure: string, input: unknown) =>
  me.api.request<{ result?: { data: T }; error?: { message: string; data: { httpStatus: number } } }>(
    'POST',
    `/trpc/${procedure}`,
    { json: input },
  );

test('a collector blocks and unblocks another: both idempotent, the list names whom and since when', async () => {
  const [anna, bruno, carla] = await Promise.all([
    registeredUser(server.url),
    registeredUser(server.url),
    registeredUser(server.url),
  ]);
  expect(await blocksOf(anna)).toEqual([]);
  expect(await block(anna, bruno)).toMatchObject({ status: 200, body: { ok: true } });
  expect(await block(anna, bruno)).toMatchObject({ status: 200, body: { ok: true } });
  expect(await block(anna, carla)).toMatchObject({ status: 200, body: { ok: true } });
  const list = await blocksOf(anna);
  // Newest first.
  expect(list).toEqual([
    { id: carla.id, nickname: carla.nickname, blockedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) },
    { id: bruno.id, nickname: bruno.nickname, blockedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) },
  ]);
  // Blocking is one-sided: Bruno's own list is his.
  expect(await blocksOf(bruno)).toEqual([]);

  expect(await unblock(anna, bruno)).toMatchObject({ status: 200, body: { ok: true } });
  expect(await unblock(anna, bruno)).toMatchObject({ status: 200, body: { ok: true } });
  expect((await blocksOf(anna)).map((blocked) => blocked.id)).toEqual([carla.id]);

  // The same calls through tRPC.
  expect(await trpcCall(anna, 'blocks.block', { userId: bruno.id })).toMatchObject({
    status: 200,
    body: { result: { data: { ok: true } } },
  });
  const listed = await anna.api.get<{ result: { data: Block[] } }>('/trpc/blocks.list');
  expect(listed.body.result.data.map((blocked) => blocked.id)).toEqual([bruno.id, carla.id]);
  expect(await trpcCall(anna, 'blocks.unblock', { userId: bruno.id })).toMatchObject({
    status: 200,
    body: { result: { data: { ok: true } } },
  });
});

test('blocking or unblocking oneself, an unknown id or a malformed one is refused in Italian; anonymous 401', async () => {
  const anna = await registeredUser(server.url);
  const gone = await registeredUser(server.url);
  await admin.patch(`/api/admin/users/${gone.id}/toggle-status`, { is_active: false });

  for (const call of [block, unblock]) {
    expect(await call(anna, anna)).toMatchObject({
      status: 400,
      body: { message: 'Non puoi bloccare te stesso' },
    });
    expect(await call(anna, { id: 99999999 })).toMatchObject({
      status: 404,
      body: { message: 'Utente non trovato' },
    });
    for (const id of ['abc', '0', '-3', '1.5']) {
      expect(await call(anna, { id })).toMatchObject({ status: 400, body: { message: 'Utente non valido' } });
    }
    expect(await apiClient(server.url).post(`/api/users/${gone.id}/block`)).toMatchObject({ status: 401 });
  }
  expect(await apiClient(server.url).get('/api/user/blocks')).toMatchObject({ status: 401 });
  // A deactivated collector cannot be blocked (there is nobody to block)…
  expect(await block(anna, gone)).toMatchObject({ status: 404, body: { message: 'Utente non trovato' } });
  expect(await trpcCall(anna, 'blocks.block', { userId: anna.id })).toMatchObject({
    status: 400,
    body: { error: { message: 'Non puoi bloccare te stesso' } },
  });
  expect(await blocksOf(anna)).toEqual([]);
});

test('a block made before the blocked collector was deactivated can still be lifted', async () => {
  const [anna, bruno] = await Promise.all([registeredUser(server.url), registeredUser(server.url)]);
  await block(anna, bruno);
  await admin.patch(`/api/admin/users/${bruno.id}/toggle-status`, { is_active: false });
  expect((await blocksOf(anna)).map((blocked) => blocked.id)).toEqual([bruno.id]);
  expect(await unblock(anna, bruno)).toMatchObject({ status: 200 });
  expect(await blocksOf(anna)).toEqual([]);
});

test('a blocked pair cannot message, in either direction, through REST or tRPC; they still read what was said', async () => {
  const { anna, bruno, matchId } = await matchedPair(server);
  await anna.api.post(`/api/matches/${matchId}/messages`, { content: 'prima del blocco' });
  await block(bruno, anna);

  expect(await bruno.api.post(`/api/matches/${matchId}/messages`, { content: 'ciao' })).toMatchObject({
    status: 403,
    body: { message: I_BLOCKED_WRITE },
  });
  expect(await anna.api.post(`/api/matches/${matchId}/messages`, { content: 'ciao' })).toMatchObject({
    status: 403,
    body: { message: THEY_BLOCKED_WRITE },
  });
  expect(await trpcCall(anna, 'chat.send', { matchId, content: 'ciao' })).toMatchObject({
    status: 403,
    body: { error: { message: THEY_BLOCKED_WRITE } },
  });
  expect(await trpcCall(bruno, 'chat.send', { matchId, content: 'ciao' })).toMatchObject({
    status: 403,
    body: { error: { message: I_BLOCKED_WRITE } },
  });
  for (const reader of [anna, bruno]) {
    const read = await reader.api.get<{ content: string }[]>(`/api/matches/${matchId}/messages`);
    expect(read.body.map((message) => message.content)).toEqual(['prima del blocco']);
  }

  // Blocked both ways, one lifting theirs is not enough.
  await block(anna, bruno);
  await unblock(bruno, anna);
  expect(await bruno.api.post(`/api/matches/${matchId}/messages`, { content: 'ciao' })).toMatchObject({
    status: 403,
    body: { message: THEY_BLOCKED_WRITE },
  });
  await unblock(anna, bruno);
  expect(await bruno.api.post(`/api/matches/${matchId}/messages`, { content: 'di nuovo' })).toMatchObject({
    status: 200,
  });
});

test("a blocked pair's chat stream is refused, and nothing sent is ever streamed", async () => {
  const { anna, bruno, matchId } = await matchedPair(server);
  const input = encodeURIComponent(JSON.stringify({ matchId }));
  await block(anna, bruno);
  for (const [me, message] of [
    [anna, I_BLOCKED_WRITE],
    [bruno, THEY_BLOCKED_WRITE],
  ] as const) {
    const stream = await openSse(`${server.url}/trpc/chat.onMessage?input=${input}`, me.api.cookie as string);
    const error = await stream.next((_data, name) => name === 'serialized-error');
    expect(JSON.stringify(error.data)).toContain(message);
    expect(stream.events.some((event) => (event.data as { type?: string })?.type === 'ready')).toBe(false);
    stream.close();
  }
});

test('a blocked pair cannot open a match, whoever blocked, even one they already had', async () => {
  const [anna, bruno, carla] = await Promise.all([
    registeredUser(server.url),
    registeredUser(server.url),
    registeredUser(server.url),
  ]);
  await makeCandidates(server, anna, bruno, carla);
  await block(anna, bruno);
  expect(await anna.api.post('/api/matches', { user2Id: bruno.id })).toMatchObject({
    status: 403,
    body: { message: I_BLOCKED_CONTACT },
  });
  expect(await bruno.api.post('/api/matches', { user2Id: anna.id })).toMatchObject({
    status: 403,
    body: { message: THEY_BLOCKED_CONTACT },
  });
  expect((await anna.api.get<unknown[]>('/api/matches')).body).toEqual([]);
  // Somebody else is not affected.
  expect(await bruno.api.post('/api/matches', { user2Id: carla.id })).toMatchObject({ status: 200 });

  // A match made before the block is not handed back either.
  const made = await carla.api.post<{ id: number }>('/api/matches', { user2Id: anna.id });
  expect(made.status).toBe(200);
  await block(carla, anna);
  expect(await anna.api.post('/api/matches', { user2Id: carla.id })).toMatchObject({
    status: 403,
    body: { message: THEY_BLOCKED_CONTACT },
  });
  await unblock(anna, bruno);
  expect(await anna.api.post('/api/matches', { user2Id: bruno.id })).toMatchObject({ status: 200 });
});

/** A tRPC query as the web client makes it (GET, the input in the query string). */
const trpcQuery = <T>(me: Collector, procedure: string, input: unknown) =>
  me.api.get<{ result?: { data: T }; error?: { message: string } }>(
    `/trpc/${procedure}?input=${encodeURIComponent(JSON.stringify(input))}`,
  );

test("a blocked pair cannot read each other's lists, whoever blocked, through REST or tRPC", async () => {
  const { anna, bruno, album } = await matchedPair(server);
  const listsOf = (me: Collector, other: Collector) =>
    me.api.get(`/api/matches/potential/${other.id}/exchanges?albumId=${album.id}`);
  expect((await listsOf(anna, bruno)).status).toBe(200);
  expect((await listsOf(bruno, anna)).status).toBe(200);

  await block(anna, bruno);
  for (const [me, other, message] of [
    [anna, bruno, I_BLOCKED_CONTACT],
    [bruno, anna, THEY_BLOCKED_CONTACT],
  ] as const) {
    expect(await listsOf(me, other)).toMatchObject({ status: 403, body: { message } });
    expect(await trpcQuery(me, 'matches.exchanges', { userId: other.id, albumId: album.id })).toMatchObject({
      status: 403,
      body: { error: { message } },
    });
  }

  await unblock(anna, bruno);
  expect((await listsOf(bruno, anna)).status).toBe(200);
});

type MatchPeer = {
  id: number;
  nickname: string;
  place: { comune: string | null; distanceKm: number } | null;
  presence?: string | null;
};
const inMilan = { comune: 'Milano', distanceKm: 0 };

test("a blocked pair's match shows neither presence nor place, either way, even after a move; the nickname stays", async () => {
  const { anna, bruno, matchId } = await matchedPair(server);
  // Both wrote, and both have the app open: each may see the other's presence and place.
  await anna.api.post(`/api/matches/${matchId}/messages`, { content: 'ciao' });
  await bruno.api.post(`/api/matches/${matchId}/messages`, { content: 'ciao a te' });
  const seenBy = async (me: Collector) => {
    const header = await me.api.get<{ user2: MatchPeer }>(`/api/matches/${matchId}`);
    const viaTrpc = await trpcQuery<{ user2: MatchPeer }>(me, 'matches.get', { matchId });
    const list = await me.api.get<{ id: number; user2: MatchPeer }[]>('/api/matches');
    expect(viaTrpc.body.result?.data.user2).toEqual(header.body.user2);
    return { header: header.body.user2, listed: list.body.find((match) => match.id === matchId)?.user2 };
  };
  expect((await seenBy(anna)).header).toMatchObject({ place: inMilan, presence: 'online' });
  expect((await seenBy(bruno)).header).toMatchObject({ place: inMilan, presence: 'online' });

  await block(bruno, anna);
  const moved = await bruno.api.put('/api/user/profile', { nickname: bruno.nickname, cap: '20122' });
  expect(moved.status).toBe(200);
  for (const [me, other] of [
    [anna, bruno],
    [bruno, anna],
  ] as const) {
    const { header, listed } = await seenBy(me);
    expect(header).toEqual({
      id: other.id,
      nickname: other.nickname,
      place: null,
      presence: null,
      closed: null,
    });
    expect(listed).toEqual({ id: other.id, nickname: other.nickname, place: null, closed: null });
  }

  // Lifted, the match shows them again as before.
  await unblock(bruno, anna);
  expect((await seenBy(anna)).header).toMatchObject({ place: inMilan, presence: 'online' });
});

test("whom I blocked leaves the top of my matches: last, 'blocked', no preview and nothing unread; they learn nothing", async () => {
  const { anna, bruno, matchId } = await matchedPair(server);
  const carla = await registeredUser(server.url);
  await makeCandidates(server, anna, carla);
  const withCarla = await anna.api.post<{ id: number }>('/api/matches', { user2Id: carla.id });
  await bruno.api.post(`/api/matches/${matchId}/messages`, { content: 'rispondi subito!!' });
  type Listed = { id: number; blocked: boolean; unreadCount: number; lastMessage: unknown };
  const listOf = async (me: Collector) => (await me.api.get<Listed[]>('/api/matches')).body;
  expect((await listOf(anna)).map((match) => match.id)).toEqual([matchId, withCarla.body.id]);

  await block(anna, bruno);
  expect(await listOf(anna)).toMatchObject([
    { id: withCarla.body.id, blocked: false },
    { id: matchId, blocked: true, unreadCount: 0, lastMessage: null },
  ]);
  expect(await listOf(bruno)).toMatchObject([
    { id: matchId, blocked: false, lastMessage: { content: 'rispondi subito!!', mine: true } },
  ]);

  await unblock(anna, bruno);
  expect(await listOf(anna)).toMatchObject([
    {
      id: matchId,
      blocked: false,
      unreadCount: 1,
      lastMessage: { content: 'rispondi subito!!', mine: false },
    },
    { id: withCarla.body.id, blocked: false },
  ]);
});

test("a block calls off the pair's open swaps, either direction, and frees what they reserved; other swaps stay", async () => {
  const album = await createAlbum(server.databaseUrl, { stickers: 30 });
  const collector = async (doubles: string) => {
    const user = await registeredUser(server.url);
    const marked = await user.api.post('/api/user/stickers/bulk', {
      albumId: album.id,
      numbers: doubles,
      status: 'double',
    });
    expect(marked.status).toBe(200);
    return user;
  };
  const [anna, bruno, carla] = await Promise.all([
    collector('1, 2, 3, 4'),
    collector('11, 12, 13'),
    collector('21'),
  ]);
  type Swap = { id: number; status: string; message?: string };
  const propose = (from: Collector, to: Collector, give: string[], receive: string[]) =>
    from.api.post<Swap>('/api/swaps', { toUserId: to.id, albumId: album.id, give, receive });
  const act = async (user: Collector, swap: { id: number }, action: string) =>
    expect((await user.api.post<Swap>(`/api/swaps/${swap.id}/${action}`)).status).toBe(200);
  const statusOf = async (swap: { id: number }) =>
    (await anna.api.get<Swap>(`/api/swaps/${swap.id}`)).body.status;

  const proposed = (await propose(anna, bruno, ['1'], ['11'])).body;
  const accepted = (await propose(bruno, anna, ['12'], ['2'])).body;
  await act(anna, accepted, 'accept');
  const completed = (await propose(anna, bruno, ['3'], ['13'])).body;
  await act(bruno, completed, 'accept');
  await act(anna, completed, 'confirm');
  await act(bruno, completed, 'confirm');
  const withCarla = (await propose(anna, carla, ['4'], ['21'])).body;
  // Anna's 2 is reserved for Bruno.
  expect(await propose(anna, carla, ['2'], ['21'])).toMatchObject({ status: 409 });

  // Anna's app hears of it at once, like any other change to a swap of hers.
  const inbox = await openSse(`${server.url}/trpc/chat.onInbox`, anna.api.cookie as string);
  await inbox.next((data) => (data as { type?: string }).type === 'ready');
  expect(await block(bruno, anna)).toMatchObject({ status: 200 });
  for (const swap of [proposed, accepted]) {
    await inbox.next((data) => (data as { swapId?: number }).swapId === swap.id);
  }
  inbox.close();
  expect(await statusOf(proposed)).toBe('annullato');
  expect(await statusOf(accepted)).toBe('annullato');
  expect(await statusOf(completed)).toBe('completato');
  expect(await statusOf(withCarla)).toBe('proposto');
  // Released: Anna may offer her 2 to somebody else.
  expect(await propose(anna, carla, ['2'], ['21'])).toMatchObject({ status: 201 });
});

test('OpenAPI documents blocking, the blocks list and reporting a collector', async () => {
  const spec = (await fetch(`${server.url}/api/openapi.json`).then((response) => response.json())) as {
    paths: Record<string, Record<string, { requestBody?: unknown }>>;
  };
  expect(Object.keys(spec.paths['/api/users/{id}/block'] ?? {}).sort()).toEqual(['delete', 'post']);
  expect(spec.paths['/api/user/blocks']?.get).toBeDefined();
  expect(JSON.stringify(spec.paths['/api/users/{id}/report']?.post?.requestBody)).toContain('reason');
});
