import { afterAll, beforeAll, expect, test } from 'vitest';
import { createAlbum, type TestAlbum } from '../../test/support/catalogue.ts';
import { sql } from '../../test/support/sql.ts';
import { openSse } from '../../test/support/sse.ts';
import { type SwapCollector, stickerStatuses, swapHelpers } from '../../test/support/swaps.ts';
import { startTestServer, type TestServer } from '../../test/support/test-server.ts';
import type { SwapView } from './schemas/swaps.ts';

let server: TestServer;
let album: TestAlbum;
beforeAll(async () => {
  server = await startTestServer();
  album = await createAlbum(server.databaseUrl, { stickers: 40 });
});
afterAll(() => server.close());

const { collector, propose, act, pair } = swapHelpers(
  {
    get url() {
      return server.url;
    },
  },
  () => album,
);

const stickerId = (number: string) => album.stickers.find((sticker) => sticker.number === number)?.id;

const statuses = (user: SwapCollector) => stickerStatuses(user, album);

test('spares: a double takes 1–99 spare copies, listed with my stickers; other statuses forget them', async () => {
  const user = await collector();
  const put = (body: object) => user.api.put(`/api/user/stickers/${stickerId('5')}`, body);
  expect((await put({ status: 'double', spares: 3 })).body).toMatchObject({ status: 'double', spares: 3 });
  expect(await statuses(user)).toEqual({ 5: 'double×3' });
  expect((await put({ status: 'double', spares: 0 })).status).toBe(400);
  const tooMany = await put({ status: 'double', spares: 100 });
  expect(tooMany.status).toBe(400);
  expect(tooMany.body).toMatchObject({ message: 'Le copie doppie vanno da 1 a 99' });
  expect((await put({ status: 'yes', spares: 4 })).body).toEqual({
    stickerId: stickerId('5'),
    status: 'yes',
    userId: user.id,
  });
  expect((await put({ status: 'double' })).body).toMatchObject({ spares: 1 });
  expect(await statuses(user)).toEqual({ 5: 'double×1' });
});

test('a proposal, accepted, confirmed by both: completed, and both albums updated in one go', async () => {
  const { anna, bruno } = await pair();
  await anna.api.put(`/api/user/stickers/${stickerId('2')}`, { status: 'double', spares: 2 });
  const proposed = await propose(anna, bruno, ['1', '2'], ['11']);
  expect(proposed.status).toBe(201);
  expect(proposed.body).toMatchObject({
    status: 'proposto',
    albumId: album.id,
    albumName: album.name,
    from: { id: anna.id, nickname: anna.nickname },
    to: { id: bruno.id, nickname: bruno.nickname },
    give: [
      { number: '1', name: 'Giocatore 1' },
      { number: '2', name: 'Giocatore 2' },
    ],
    receive: [{ number: '11', name: 'Giocatore 11' }],
    confirmedBy: [],
    myRating: null,
  });
  const id = proposed.body.id;
  const days = (Date.parse(proposed.body.expiresAt) - Date.parse(proposed.body.createdAt)) / 86_400_000;
  expect(Math.round(days)).toBe(7);
  expect((await bruno.api.get<SwapView>(`/api/swaps/${id}`)).body.status).toBe('proposto');
  expect((await bruno.api.get('/api/swaps/waiting')).body).toEqual({ count: 1 });
  expect((await anna.api.get('/api/swaps/waiting')).body).toEqual({ count: 0 });

  expect((await act(bruno, id, 'accept')).body).toMatchObject({ status: 'accettato' });
  expect((await anna.api.get('/api/swaps/waiting')).body).toEqual({ count: 1 });
  const first = await act(anna, id, 'confirm');
  expect(first.body).toMatchObject({ status: 'accettato', confirmedBy: [anna.id] });
  expect(await statuses(anna)).toEqual({ 1: 'double×1', 2: 'double×2', 3: 'yes' });
  const second = await act(bruno, id, 'confirm');
  expect(second.body).toMatchObject({ status: 'completato', confirmedBy: [anna.id, bruno.id] });

  expect(await statuses(anna)).toEqual({ 1: 'yes', 2: 'double×1', 3: 'yes', 11: 'yes' });
  expect(await statuses(bruno)).toEqual({ 1: 'yes', 2: 'yes', 11: 'yes', 12: 'double×1', 13: 'yes' });
  expect((await anna.api.get('/api/swaps/waiting')).body).toEqual({ count: 0 });
});

test('a received sticker I already have gains a spare', async () => {
  const { anna, bruno } = await pair();
  const id = (await propose(anna, bruno, ['1'], ['11'])).body.id;
  await act(bruno, id, 'accept');
  // Meanwhile Anna got 11 elsewhere, twice.
  await anna.api.put(`/api/user/stickers/${stickerId('11')}`, { status: 'double', spares: 2 });
  await act(anna, id, 'confirm');
  expect((await act(bruno, id, 'confirm')).body.status).toBe('completato');
  expect((await statuses(anna))['11']).toBe('double×3');
});

test('the recipient declines; the proposer withdraws; either calls off an accepted swap', async () => {
  const { anna, bruno } = await pair();
  const declined = (await propose(anna, bruno, ['1'], ['11'])).body.id;
  expect((await act(anna, declined, 'decline')).status).toBe(409);
  expect((await act(bruno, declined, 'decline')).body).toMatchObject({ status: 'rifiutato' });

  const withdrawn = (await propose(anna, bruno, ['1'], ['11'])).body.id;
  const notYours = await act(bruno, withdrawn, 'cancel');
  expect(notYours.status).toBe(409);
  expect(notYours.body.message).toBe('Solo chi ha fatto la proposta può ritirarla prima che sia accettata');
  expect((await act(anna, withdrawn, 'cancel')).body).toMatchObject({ status: 'annullato' });

  const calledOff = (await propose(anna, bruno, ['1'], ['11'])).body.id;
  await act(bruno, calledOff, 'accept');
  expect((await act(bruno, calledOff, 'cancel')).body).toMatchObject({ status: 'annullato' });
  // Its reservation is gone: the same stickers can be accepted again.
  const again = (await propose(anna, bruno, ['1'], ['11'])).body.id;
  expect((await act(bruno, again, 'accept')).body.status).toBe('accettato');

  const list = await anna.api.get<SwapView[]>('/api/swaps');
  expect(list.body.map((swap) => [swap.id, swap.status])).toEqual([
    [again, 'accettato'],
    [calledOff, 'annullato'],
    [withdrawn, 'annullato'],
    [declined, 'rifiutato'],
  ]);
  const filtered = await bruno.api.get<SwapView[]>('/api/swaps?status=annullato');
  expect(filtered.body.map((swap) => swap.id)).toEqual([calledOff, withdrawn]);
});

test('every wrong transition answers 409 in Italian', async () => {
  const { anna, bruno } = await pair();
  const id = (await propose(anna, bruno, ['1'], ['11'])).body.id;
  const own = await act(anna, id, 'accept');
  expect(own.status).toBe(409);
  expect(own.body.message).toBe('Solo chi riceve la proposta può accettarla o rifiutarla');
  expect((await act(anna, id, 'confirm')).body.message).toBe('La proposta non è ancora stata accettata');
  expect((await act(anna, id, 'rating')).status).toBe(400);
  await act(bruno, id, 'accept');
  expect((await act(bruno, id, 'accept')).body).toMatchObject({
    message: 'Lo scambio è già stato accettato',
  });
  expect((await act(bruno, id, 'decline')).status).toBe(409);
  await act(anna, id, 'confirm');
  const twice = await act(anna, id, 'confirm');
  expect(twice.status).toBe(409);
  expect(twice.body.message).toBe('Hai già confermato di aver ricevuto le figurine');
  const early = await anna.api.post(`/api/swaps/${id}/rating`, { stars: 5 });
  expect(early.status).toBe(409);
  expect(early.body).toMatchObject({ message: 'Puoi valutare uno scambio solo quando è completato' });
  await act(bruno, id, 'confirm');
  for (const action of ['accept', 'decline', 'cancel', 'confirm']) {
    const late = await act(bruno, id, action);
    expect(late.status).toBe(409);
    expect(late.body.message).toBe('Lo scambio è già completato');
  }
});

test('only the participants see or touch a swap: anyone else gets 404', async () => {
  const { anna, bruno } = await pair();
  const carla = await collector({ double: '1' });
  const id = (await propose(anna, bruno, ['1'], ['11'])).body.id;
  expect((await carla.api.get(`/api/swaps/${id}`)).status).toBe(404);
  for (const action of ['accept', 'decline', 'cancel', 'confirm']) {
    const response = await act(carla, id, action);
    expect(response.status).toBe(404);
    expect(response.body.message).toBe('Scambio non trovato');
  }
  expect((await carla.api.get<SwapView[]>('/api/swaps')).body).toEqual([]);
  expect((await bruno.api.get(`/api/swaps/${id}`)).status).toBe(200);
});

test('a proposal names only my available spares they miss and theirs I miss; 409 names the rest', async () => {
  const { anna, bruno } = await pair();
  const wrong = await propose(anna, bruno, ['1', '3', '30'], ['11', '13']);
  expect(wrong.status).toBe(409);
  expect(wrong.body.message).toBe('Figurine non più disponibili: 3, 30, 13');
  expect((await propose(anna, bruno, [], ['11'])).status).toBe(400);
  const tooMany = Array.from({ length: 51 }, (_, i) => String(i + 1));
  expect((await propose(anna, bruno, tooMany, ['11'])).status).toBe(400);
  expect((await propose(anna, anna, ['1'], ['11'])).status).toBe(400);
  // A collector the search could not show me (no double I miss, and no match) is refused.
  const stranger = await collector({ yes: '1' });
  expect((await propose(anna, stranger, ['2'], ['1'])).status).toBe(403);
  // The options are the chooser's lists.
  const options = await anna.api.get(`/api/swaps/options/${bruno.id}?albumId=${album.id}`);
  expect(options.body).toEqual({
    give: [
      { number: '1', name: 'Giocatore 1', kind: 'base', offeredTo: [] },
      { number: '2', name: 'Giocatore 2', kind: 'base', offeredTo: [] },
    ],
    receive: [
      { number: '11', name: 'Giocatore 11', kind: 'base' },
      { number: '12', name: 'Giocatore 12', kind: 'base' },
    ],
    // Two adults: no Punto Scambio needed (issue 45, row 4).
    meetingRequired: false,
    // My saved 'Scambia anche speciali con normali' (issue 49, row 3): off until I turn it on.
    mixKinds: false,
    // Bruno's doubles are not in regalo (issue 49, row 5): a proposal gives something.
    gift: false,
  });
});

test('a blocked pair cannot propose, and a block cancels their open swaps', async () => {
  const { anna, bruno } = await pair();
  const id = (await propose(anna, bruno, ['1'], ['11'])).body.id;
  await act(bruno, id, 'accept');
  const { cancelOpenSwapsBetween } = await import('../server/swaps/swap-cancellation.ts');
  const { openDatabase } = await import('../server/db/orm.ts');
  const orm = await openDatabase(server.databaseUrl);
  try {
    expect(await cancelOpenSwapsBetween(orm.em.fork(), bruno.id, anna.id)).toEqual([id]);
  } finally {
    await orm.close();
  }
  expect((await anna.api.get<SwapView>(`/api/swaps/${id}`)).body.status).toBe('annullato');
  await sql(server.databaseUrl, 'insert into user_block (blocker_id, blocked_id) values ($1, $2)', [
    bruno.id,
    anna.id,
  ]);
  const refused = await propose(anna, bruno, ['1'], ['11']);
  expect(refused.status).toBe(403);
  expect(refused.body.message).toBe('Non puoi proporre scambi a questo collezionista');
});

test('acceptance reserves: a double with n spares backs at most n accepted swaps; 409 names the rest', async () => {
  const anna = await collector({ double: '1, 2' });
  const bruno = await collector({ double: '11' });
  const carla = await collector({ double: '21' });
  const toBruno = (await propose(anna, bruno, ['1', '2'], ['11'])).body.id;
  const toCarla = (await propose(anna, carla, ['1', '2'], ['21'])).body.id;
  await act(bruno, toBruno, 'accept');
  const refused = await act(carla, toCarla, 'accept');
  expect(refused.status).toBe(409);
  expect(refused.body.message).toBe('Figurine non più disponibili: 1, 2');
  // Reserved doubles are not offered again.
  expect((await propose(anna, carla, ['1'], ['21'])).body.message).toBe('Figurina non più disponibile: 1');
  // A second spare of 1 makes it available again.
  await anna.api.put(`/api/user/stickers/${stickerId('1')}`, { status: 'double', spares: 2 });
  const one = (await propose(anna, carla, ['1'], ['21'])).body.id;
  expect((await act(carla, one, 'accept')).body.status).toBe('accettato');
});

test('two simultaneous accepts of swaps sharing a single spare: exactly one wins', async () => {
  const anna = await collector({ double: '1' });
  const others = await Promise.all([collector({ double: '11' }), collector({ double: '12' })]);
  const [a, b] = others as [SwapCollector, SwapCollector];
  const swapA = (await propose(anna, a, ['1'], ['11'])).body.id;
  const swapB = (await propose(anna, b, ['1'], ['12'])).body.id;
  const results = await Promise.all([act(a, swapA, 'accept'), act(b, swapB, 'accept')]);
  expect(results.map((result) => result.status).sort()).toEqual([200, 409]);
});

test('the same accept or confirm sent twice at once applies once', async () => {
  const { anna, bruno } = await pair();
  const id = (await propose(anna, bruno, ['1'], ['11'])).body.id;
  const accepts = await Promise.all([act(bruno, id, 'accept'), act(bruno, id, 'accept')]);
  expect(accepts.map((result) => result.status).sort()).toEqual([200, 409]);
  const confirms = await Promise.all([
    act(anna, id, 'confirm'),
    act(bruno, id, 'confirm'),
    act(anna, id, 'confirm'),
    act(bruno, id, 'confirm'),
  ]);
  expect(confirms.filter((result) => result.status === 200)).toHaveLength(2);
  expect(confirms.filter((result) => result.body.status === 'completato')).toHaveLength(1);
  // Applied once: Anna's only spare of 1 went once, Bruno's 11 once.
  expect(await statuses(anna)).toEqual({ 1: 'yes', 2: 'double×1', 3: 'yes', 11: 'yes' });
  expect(await statuses(bruno)).toEqual({ 1: 'yes', 11: 'yes', 12: 'double×1', 13: 'yes' });
});

test('an unanswered proposal is scaduto after 7 days, and cannot be accepted', async () => {
  const { anna, bruno } = await pair();
  const id = (await propose(anna, bruno, ['1'], ['11'])).body.id;
  await sql(server.databaseUrl, "update swap set expires_at = now() - interval '1 second' where id = $1", [
    id,
  ]);
  expect((await anna.api.get<SwapView>(`/api/swaps/${id}`)).body.status).toBe('scaduto');
  const late = await act(bruno, id, 'accept');
  expect(late.status).toBe(409);
  expect(late.body.message).toBe('La proposta è scaduta');
  expect((await bruno.api.get('/api/swaps/waiting')).body).toEqual({ count: 0 });
  expect((await bruno.api.get<SwapView[]>('/api/swaps?status=scaduto')).body.map((s) => s.id)).toEqual([id]);
});

test('ratings: each participant once, after completion; reputation counts them', async () => {
  const { anna, bruno } = await pair();
  const id = (await propose(anna, bruno, ['1'], ['11'])).body.id;
  await act(bruno, id, 'accept');
  await act(anna, id, 'confirm');
  await act(bruno, id, 'confirm');
  const rated = await anna.api.post<SwapView>(`/api/swaps/${id}/rating`, { stars: 4, comment: 'Puntuale' });
  expect(rated.body.myRating).toBe(4);
  expect((await anna.api.post(`/api/swaps/${id}/rating`, { stars: 5 })).body).toMatchObject({
    message: 'Hai già valutato questo scambio',
  });
  expect((await bruno.api.post(`/api/swaps/${id}/rating`, { stars: 6 })).status).toBe(400);
  await bruno.api.post(`/api/swaps/${id}/rating`, { stars: 5 });
  expect((await anna.api.get(`/api/users/${bruno.id}/reputation`)).body).toEqual({
    average: 4,
    ratings: 1,
    completedSwaps: 1,
    inPersonSwaps: 0,
  });
  expect((await bruno.api.get(`/api/users/${anna.id}/reputation`)).body).toEqual({
    average: 5,
    ratings: 1,
    completedSwaps: 1,
    inPersonSwaps: 0,
  });
});

type Candidate = {
  id: number;
  iCanGive: number;
  theyCanGive: number;
  reputation: { average: number | null; ratings: number; completedSwaps: number; inPersonSwaps: number };
};
const search = (user: SwapCollector) =>
  user.api.get<Candidate[]>(`/api/matches/potential?albumId=${album.id}&radiusKm=50`);

test('accepted swaps take their doubles out of everyone’s match search at once; a cancel puts them back', async () => {
  album = await createAlbum(server.databaseUrl, { stickers: 40 }); // a search of its own
  const anna = await collector({ double: '31' });
  const bruno = await collector({ double: '32' });
  const carla = await collector({ yes: '32' });
  const found = async () => (await search(carla)).body.find((candidate) => candidate.id === anna.id);
  expect(await found()).toMatchObject({ theyCanGive: 1 });
  const id = (await propose(anna, bruno, ['31'], ['32'])).body.id;
  expect(await found()).toMatchObject({ theyCanGive: 1 });
  await act(bruno, id, 'accept');
  expect(await found()).toBeUndefined();
  // Nor can a card be opened on them: with nothing left to give, the search no longer shows them.
  const exchanges = await bruno.api.get(`/api/matches/potential/${anna.id}/exchanges?albumId=${album.id}`);
  expect(exchanges.status).toBe(404);
  // Bruno's 32 is held too: Anna can no longer give him anything, nor he her.
  const annaSeesBruno = (await search(anna)).body.find((candidate) => candidate.id === bruno.id);
  expect(annaSeesBruno).toBeUndefined();
  await act(anna, id, 'cancel');
  expect(await found()).toMatchObject({ theyCanGive: 1 });
});

test('match candidates carry their reputation', async () => {
  album = await createAlbum(server.databaseUrl, { stickers: 40 }); // a search of its own
  const { anna, bruno } = await pair();
  const id = (await propose(anna, bruno, ['1'], ['11'])).body.id;
  await act(bruno, id, 'accept');
  await act(anna, id, 'confirm');
  await act(bruno, id, 'confirm');
  await anna.api.post(`/api/swaps/${id}/rating`, { stars: 3 });
  const carla = await collector();
  const candidate = (await search(carla)).body.find((found) => found.id === bruno.id);
  expect(candidate?.reputation).toEqual({ average: 3, ratings: 1, completedSwaps: 1, inPersonSwaps: 0 });
});

test('each transition reaches both participants’ inbox streams, and nobody else’s', async () => {
  const { anna, bruno } = await pair();
  const carla = await collector();
  const inbox = async (user: SwapCollector) => {
    const stream = await openSse(`${server.url}/trpc/chat.onInbox`, user.api.cookie as string);
    await stream.next((data) => (data as { type?: string }).type === 'ready');
    return stream;
  };
  const [annaInbox, brunoInbox, carlaInbox] = await Promise.all([inbox(anna), inbox(bruno), inbox(carla)]);
  const swapEvents = (stream: typeof annaInbox) =>
    stream.events.filter((event) => (event.data as { type?: string }).type === 'swap').length;
  const heard = (stream: typeof annaInbox, count: number) =>
    expect.poll(() => swapEvents(stream)).toBe(count);
  try {
    const id = (await propose(anna, bruno, ['1'], ['11'])).body.id;
    await brunoInbox.next((data) => (data as { swapId?: number }).swapId === id);
    await heard(annaInbox, 1);
    await act(bruno, id, 'accept');
    await heard(annaInbox, 2);
    await heard(brunoInbox, 2);
    // A refused transition says nothing.
    await act(bruno, id, 'accept');
    await act(anna, id, 'cancel');
    await heard(annaInbox, 3);
    await heard(brunoInbox, 3);
    expect(swapEvents(carlaInbox)).toBe(0);
  } finally {
    for (const stream of [annaInbox, brunoInbox, carlaInbox]) stream.close();
  }
});

test('OpenAPI documents the swap calls (201 for a proposal) and spares on sticker marks', async () => {
  const spec = (await fetch(`${server.url}/api/openapi.json`).then((response) => response.json())) as {
    paths: Record<string, Record<string, { responses: Record<string, unknown>; requestBody?: unknown }>>;
  };
  expect(Object.keys(spec.paths['/api/swaps'] ?? {}).sort()).toEqual(['get', 'post']);
  expect(Object.keys(spec.paths['/api/swaps']?.post?.responses ?? {})).toContain('201');
  for (const action of ['accept', 'decline', 'cancel', 'confirm', 'rating']) {
    expect(spec.paths[`/api/swaps/{id}/${action}`]?.post, action).toBeDefined();
  }
  expect(spec.paths['/api/swaps/{id}']?.get).toBeDefined();
  expect(spec.paths['/api/users/{id}/reputation']?.get).toBeDefined();
  expect(JSON.stringify(spec.paths['/api/user/stickers/{id}']?.put?.requestBody)).toContain('spares');
});

test('completion is a mark made now: a tap made before it and sent later does not undo it', async () => {
  const { anna, bruno } = await pair();
  const before = Date.now() - 1000;
  const id = (await propose(anna, bruno, ['1'], ['11'])).body.id;
  await act(bruno, id, 'accept');
  await act(anna, id, 'confirm');
  await act(bruno, id, 'confirm');
  const stale = await anna.api.put(`/api/user/stickers/${stickerId('11')}`, {
    status: 'no',
    tappedAt: before,
  });
  expect(stale.body).toMatchObject({ status: 'yes' });
  expect((await statuses(anna))['11']).toBe('yes');
});

test('a proposal may name its stickers as JSON numbers: [1, 2] is read as the numbers "1" and "2"', async () => {
  const { anna, bruno } = await pair();
  const proposed = await anna.api.post<SwapView>('/api/swaps', {
    toUserId: bruno.id,
    albumId: album.id,
    give: [1, 2],
    receive: [11],
  });
  expect(proposed.status).toBe(201);
  expect(proposed.body.give.map((sticker) => sticker.number)).toEqual(['1', '2']);
  expect(proposed.body.receive.map((sticker) => sticker.number)).toEqual(['11']);
  const refused = await anna.api.post<{ message: string }>('/api/swaps', {
    toUserId: bruno.id,
    albumId: album.id,
    give: [-1],
    receive: [11],
  });
  expect(refused.status).toBe(400);
  expect(refused.body.message).toBe('Numero di figurina non valido');
});

test('a proposal opens the pair’s chat: one match, whoever proposes and even at once, named by every swap', async () => {
  const { anna, bruno } = await pair();
  const [fromAnna, fromBruno] = await Promise.all([
    propose(anna, bruno, ['1'], ['11']),
    propose(bruno, anna, ['12'], ['2']),
  ]);
  expect([fromAnna.status, fromBruno.status]).toEqual([201, 201]);
  const matches = await bruno.api.get<{ id: number; user2: { id: number } }[]>('/api/matches');
  expect(matches.body.map((match) => match.user2.id)).toEqual([anna.id]);
  const matchId = matches.body[0]?.id;
  expect([fromAnna.body.matchId, fromBruno.body.matchId]).toEqual([matchId, matchId]);
  const listed = await anna.api.get<SwapView[]>(`/api/swaps?withUserId=${bruno.id}`);
  expect(listed.body.map((swap) => swap.matchId)).toEqual([matchId, matchId]);
  const rows = await sql(
    server.databaseUrl,
    'select id from match where user_low_id = least($1::int, $2::int) and user_high_id = greatest($1::int, $2::int)',
    [anna.id, bruno.id],
  );
  expect(rows).toEqual([{ id: matchId }]);
});
