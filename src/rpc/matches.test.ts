import { beforeAll, expect, test } from 'vitest';
import { apiClient, registeredUser } from '../../test/support/api-client.ts';
import { createAlbum, type TestAlbum } from '../../test/support/catalogue.ts';
import { makeCandidates } from '../../test/support/collectors.ts';
import { setUpServerWithAdmin } from '../../test/support/server-with-admin.ts';
import { sql } from '../../test/support/sql.ts';
import { distanceKm, findCapPoint } from '../server/geo/cap-directory.ts';
import { matchCursorAfter } from './schemas/match-cursor.ts';

const { server, admin } = setUpServerWithAdmin();
let album: TestAlbum;
beforeAll(async () => {
  album = await createAlbum(server.databaseUrl, { stickers: 30 });
});

type Candidate = {
  id: number;
  nickname: string;
  comune: string | null;
  distanceKm: number;
  compatibility: number;
  swapCount: number;
  theyCanGive: number;
  possibleExchanges: { myDouble: string; theirNeed: string }[];
};

async function collector(cap: string, marks: { yes?: string; double?: string } = {}) {
  const user = await registeredUser(server.url, { cap });
  for (const [status, numbers] of Object.entries(marks)) {
    const response = await user.api.post('/api/user/stickers/bulk', { albumId: album.id, numbers, status });
    if (response.status !== 200) throw new Error(JSON.stringify(response.body));
  }
  return user;
}

const search = (user: Awaited<ReturnType<typeof collector>>, query = '') =>
  user.api.get<Candidate[]>(`/api/matches/potential?albumId=${album.id}${query}`);

test('a collector nearby with doubles I miss is found, with the 1:1 exchanges', async () => {
  const me = await collector('20121', { yes: '1-5', double: '6, 7' });
  const anna = await collector('20122', { yes: '6', double: '10, 11, 12' });
  const response = await search(me, '&radiusKm=10');
  expect(response.status).toBe(200);
  const found = response.body.find((candidate) => candidate.id === anna.id);
  expect(found).toMatchObject({
    nickname: anna.nickname,
    comune: 'Milano',
    distanceKm: 0,
    swapCount: 1,
    theyCanGive: 3,
    possibleExchanges: [{ myDouble: '7', theirNeed: '10' }],
  });
  expect(found?.compatibility).toBe(50);
  const ids = response.body.map((candidate) => candidate.id);
  expect(new Set(ids).size).toBe(ids.length);
});

test("two collectors of one multi-CAP city are in one comune ('Milano', 0 km); Segrate is 9 km away", async () => {
  const me = await collector('20121', { yes: '1-5', double: '6' });
  const milan = await collector('20146', { double: '9' });
  const segrate = await registeredUser(server.url, { cap: '20054', comune: '015205' });
  await segrate.api.post('/api/user/stickers/bulk', { albumId: album.id, numbers: '9', status: 'double' });
  const found = (await search(me, '&radiusKm=20')).body;
  expect(found.find((c) => c.id === milan.id)).toMatchObject({ comune: 'Milano', distanceKm: 0 });
  expect(found.find((c) => c.id === segrate.id)).toMatchObject({ comune: 'Segrate', distanceKm: 9 });
});

test('the radius is a hard edge, in km from CAP to CAP', async () => {
  const me = await collector('20121', { yes: '20' });
  const far = await collector('24121', { double: '21' });
  const d = distanceKm(findCapPoint('20121') as never, findCapPoint('24121') as never);
  const floor = Math.floor(d);
  expect(floor).toBeLessThan(50);
  const ids = async (radius: number) =>
    (await search(me, `&radiusKm=${radius}`)).body.map((candidate) => candidate.id);
  expect(await ids(floor)).not.toContain(far.id);
  expect(await ids(floor + 1)).toContain(far.id);
  // The answer says it in whole km; the edge above is the exact distance.
  expect((await search(me, `&radiusKm=${floor + 1}`)).body.find((c) => c.id === far.id)?.distanceKm).toBe(
    Math.round(d),
  );
});

test('ranking: more 1:1 swaps first, then more to give me, then nearer', async () => {
  const me = await collector('00184', { double: '1-4' });
  const twoSwaps = await collector('00153', { double: '11, 12' });
  const oneSwapThreeGifts = await collector('00153', { yes: '2-4', double: '13-15' });
  const oneSwapHere = await collector('00184', { double: '10' });
  const oneSwapFarther = await collector('00153', { double: '16' });
  const noSwap = await collector('00184', { yes: '1-4', double: '19' });
  const expected = [twoSwaps.id, oneSwapThreeGifts.id, oneSwapHere.id, oneSwapFarther.id, noSwap.id];
  const first = (await search(me, '&radiusKm=20')).body;
  const order = first.map((candidate) => candidate.id).filter((id) => expected.includes(id));
  expect(order).toEqual(expected);
  // 'Mostra altri': the page after a card goes on from the next one in the same order.
  const card = first.find((candidate) => candidate.id === twoSwaps.id) as Candidate;
  const after = (await search(me, `&radiusKm=20&cursor=${matchCursorAfter(card)}`)).body;
  expect(after.map((candidate) => candidate.id).filter((id) => expected.includes(id))).toEqual(
    expected.slice(1),
  );
});

test('a cursor naming a collector the search cannot show me (a minor hidden from adults) orders nothing by where they are', async () => {
  const me = await collector('40121', { yes: '1' });
  const near = await collector('40121', { double: '20' });
  const far = await collector('40017', { double: '20' });
  const thisYear = new Date().getFullYear();
  const teen = await registeredUser(server.url, { cap: '40033', birthYear: thisYear - 15, birthMonth: 1 });
  expect(
    (await teen.api.post('/api/user/stickers/bulk', { albumId: album.id, numbers: '20', status: 'double' }))
      .status,
  ).toBe(200);
  const ours = (page: Candidate[]) =>
    page.map((candidate) => candidate.id).filter((id) => id === near.id || id === far.id);
  // The teen lies between the two: placed by their distance, the page after them would start at 'far'.
  for (const hidden of [teen.id, 999_999_999]) {
    expect(ours((await search(me, `&radiusKm=50&cursor=0.1.${hidden}`)).body)).toEqual([near.id, far.id]);
  }
});

test('excluded: myself, deactivated collectors, collectors without doubles I miss', async () => {
  const me = await collector('10121', { yes: '1-10' });
  const onlyOwnedByMe = await collector('10122', { double: '1-3' });
  const deactivated = await collector('10123', { double: '25' });
  await admin.patch(`/api/admin/users/${deactivated.id}/toggle-status`, { is_active: false });
  const ids = (await search(me, '&radiusKm=50')).body.map((candidate) => candidate.id);
  expect(ids).not.toContain(me.id);
  expect(ids).not.toContain(onlyOwnedByMe.id);
  expect(ids).not.toContain(deactivated.id);
});

test('the saved radius and selected album are the defaults; bad parameters are 400', async () => {
  const me = await collector('20121', { yes: '1' });
  expect((await me.api.get('/api/auth/me')).body).toMatchObject({ albumSelezionato: album.id, raggioKm: 10 });
  expect(await me.api.get('/api/matches/potential')).toMatchObject({ status: 200 });
  expect(await me.api.put('/api/user/radius', { raggioKm: 35 })).toMatchObject({
    status: 200,
    body: { raggioKm: 35 },
  });
  const cases: [string, number, string][] = [
    ['?radiusKm=0', 400, 'Il raggio deve essere tra 1 e 50 km'],
    ['?radiusKm=51', 400, 'Il raggio deve essere tra 1 e 50 km'],
    ['?radiusKm=abc', 400, 'Il raggio deve essere tra 1 e 50 km'],
    ['?radiusKm=2.5', 400, 'Il raggio deve essere un numero intero di km'],
    ['?albumId=xyz', 400, 'Album non valido'],
    ['?albumId=99999999', 404, 'Album non trovato'],
    ['?cursor=abc', 400, 'Pagina dei risultati non valida'],
    ['?cursor=1.2.3.4', 400, 'Pagina dei risultati non valida'],
    ['?cursor=1234567.1.1', 400, 'Pagina dei risultati non valida'],
  ];
  for (const [query, status, message] of cases) {
    expect(await me.api.get(`/api/matches/potential${query}`)).toMatchObject({ status, body: { message } });
  }
  const newcomer = await registeredUser(server.url);
  expect(await newcomer.api.get('/api/matches/potential')).toMatchObject({
    status: 400,
    body: { message: 'Seleziona un album attivo per trovare match' },
  });
  expect(await apiClient(server.url).get('/api/matches/potential')).toMatchObject({ status: 401 });
});

test('creating a match is idempotent from either side; user2 is always the other one', async () => {
  const [anna, bruno, carla] = await Promise.all([
    collector('20121'),
    collector('20122'),
    collector('20123'),
  ]);
  await makeCandidates(server, anna, bruno, carla);
  const created = await Promise.all([
    anna.api.post<{ id: number }>('/api/matches', { user2Id: bruno.id }),
    bruno.api.post<{ id: number }>('/api/matches', { user2Id: anna.id }),
    anna.api.post<{ id: number }>('/api/matches', { user2Id: bruno.id }),
  ]);
  expect(created.map((response) => response.status)).toEqual([200, 200, 200]);
  expect(new Set(created.map((response) => response.body.id)).size).toBe(1);
  expect(created[0]?.body).toMatchObject({
    user2: { id: bruno.id, nickname: bruno.nickname, place: { comune: 'Milano', distanceKm: 0 } },
  });
  expect(created[1]?.body).toMatchObject({ user2: { id: anna.id, nickname: anna.nickname } });

  await carla.api.post('/api/matches', { user2Id: anna.id });
  const annaMatches = (await anna.api.get<{ id: number; user2: { nickname: string } }[]>('/api/matches'))
    .body;
  expect(annaMatches.map((match) => match.user2.nickname)).toEqual([carla.nickname, bruno.nickname]);
  expect((await bruno.api.get<unknown[]>('/api/matches')).body).toHaveLength(1);
});

const NOT_A_CANDIDATE = {
  status: 403,
  body: { message: 'Puoi contattare solo i collezionisti che hai trovato nella ricerca match' },
};

test('a match is made only with a collector the match search could show me, or one I already have', async () => {
  // Me: 1–3 of the album, a spare 3; my saved radius is the default 10 km.
  const me = await collector('20121', { yes: '1-2', double: '3' });
  const adminId = (await admin.get<{ id: number }>('/api/auth/me')).body.id;
  const noDoubles = await collector('20121', { yes: '4' });
  const onlyWhatIHave = await collector('20122', { double: '1, 2' });
  const inRome = await collector('00184', { double: '4' });
  for (const other of [adminId, noDoubles.id, onlyWhatIHave.id, inRome.id]) {
    expect(await me.api.post('/api/matches', { user2Id: other })).toMatchObject(NOT_A_CANDIDATE);
  }

  // Bergamo is beyond my saved 10 km but within the slider's 50: a 'Matcha!' tapped before the slider's
  // save lands must work. A double in another album than my selected one counts too.
  const inBergamo = await collector('24121', { double: '4' });
  const otherAlbum = await createAlbum(server.databaseUrl, { stickers: 2 });
  const elsewhere = await registeredUser(server.url, { cap: '20122' });
  await elsewhere.api.post('/api/user/stickers/bulk', {
    albumId: otherAlbum.id,
    numbers: '2',
    status: 'double',
  });
  for (const other of [inBergamo, elsewhere]) {
    const created = await me.api.post<{ user2: Record<string, unknown> }>('/api/matches', {
      user2Id: other.id,
    });
    expect(created.status).toBe(200);
    // Nickname, place and whether the chat is open: presence is for the chat header, never for its creation.
    expect(Object.keys(created.body.user2).sort()).toEqual(['closed', 'id', 'nickname', 'place']);
  }

  // I am a candidate of theirs (they miss my spare 3): once they made the match, it is mine too.
  const theirs = await noDoubles.api.post<{ id: number }>('/api/matches', { user2Id: me.id });
  expect(theirs.status).toBe(200);
  expect(await me.api.post('/api/matches', { user2Id: noDoubles.id })).toMatchObject({
    status: 200,
    body: { id: theirs.body.id },
  });
});

test('trying every user id, a collector with nobody nearby opens no chat and learns no nickname', async () => {
  const lonely = await collector('09124');
  for (let id = 1; id < lonely.id; id += 1) {
    const response = await lonely.api.post('/api/matches', { user2Id: id });
    expect([403, 404]).toContain(response.status);
    expect(Object.keys(response.body)).toEqual(['message']);
  }
  expect((await lonely.api.get<unknown[]>('/api/matches')).body).toEqual([]);
});

test('matching yourself, an unknown or a deactivated user is refused', async () => {
  const anna = await collector('20121');
  const gone = await collector('20122');
  await admin.patch(`/api/admin/users/${gone.id}/toggle-status`, { is_active: false });
  const cases: [unknown, number, string][] = [
    [{ user2Id: anna.id }, 400, 'Non puoi creare un match con te stesso'],
    [{ user2Id: 99999999 }, 404, 'Utente non trovato'],
    [{ user2Id: gone.id }, 404, 'Utente non trovato'],
    [{ user2Id: 'bruno' }, 400, 'Utente non valido'],
    [{}, 400, 'Utente non valido'],
  ];
  for (const [body, status, message] of cases) {
    expect(await anna.api.post('/api/matches', body)).toMatchObject({ status, body: { message } });
  }
  expect(await apiClient(server.url).post('/api/matches', { user2Id: anna.id })).toMatchObject({
    status: 401,
  });
  expect(await apiClient(server.url).get('/api/matches')).toMatchObject({ status: 401 });
});

test('a collector who moves (new CAP) is searched at the new place', async () => {
  const me = await collector('20121', { yes: '28' });
  const mover = await collector('24121', { double: '29' });
  const ids = async () => (await search(me, '&radiusKm=5')).body.map((candidate) => candidate.id);
  expect(await ids()).not.toContain(mover.id);
  await mover.api.put('/api/user/profile', { nickname: mover.nickname, cap: '20122' });
  expect(await ids()).toContain(mover.id);
});

test('a collector I already have a match with carries its id; asking again makes no new match', async () => {
  const me = await collector('20121', { yes: '1-3', double: '4' });
  const other = await collector('20122', { double: '5' });
  const candidateOf = async (user: Awaited<ReturnType<typeof collector>>, id: number) =>
    (await search(user, '&radiusKm=10')).body.find((candidate) => candidate.id === id);
  expect(await candidateOf(me, other.id)).toMatchObject({ matchId: null });

  const first = await me.api.post<{ id: number; created: boolean }>('/api/matches', { user2Id: other.id });
  expect(first).toMatchObject({ status: 200, body: { created: true } });
  expect(await candidateOf(me, other.id)).toMatchObject({ matchId: first.body.id });
  // The match is the pair's: the other one finds me with it too.
  expect(await candidateOf(other, me.id)).toMatchObject({ matchId: first.body.id });

  for (const [who, whom] of [
    [me, other],
    [other, me],
  ] as const) {
    expect(await who.api.post('/api/matches', { user2Id: whom.id })).toMatchObject({
      status: 200,
      body: { id: first.body.id, created: false },
    });
  }
  expect((await me.api.get<unknown[]>('/api/matches')).body).toHaveLength(1);
});

type Exchanges = {
  give: { count: number; stickers: { number: string; name: string }[] };
  receive: { count: number; stickers: { number: string; name: string }[] };
};

const exchangesOf = (
  user: Awaited<ReturnType<typeof collector>>,
  userId: unknown,
  query = `?albumId=${album.id}`,
) => user.api.get<Exchanges>(`/api/matches/potential/${userId}/exchanges${query}`);

test('an opened card lists everything we could swap, both ways, with the stickers’ names', async () => {
  // Seven of my doubles they miss, four of theirs I miss: the search lists the four 1:1 pairs only.
  const me = await collector('20121', { yes: '1-3', double: '11-17, 2' });
  const other = await collector('20122', { yes: '2, 11', double: '3, 21-24, 30' });
  const found = (await search(me, '&radiusKm=10')).body.find((candidate) => candidate.id === other.id);
  expect(found?.swapCount).toBe(5);

  const response = await exchangesOf(me, other.id);
  expect(response.status).toBe(200);
  const numbers = (list: Exchanges['give']) => list.stickers.map((sticker) => sticker.number);
  expect(numbers(response.body.give)).toEqual(['12', '13', '14', '15', '16', '17']);
  expect(numbers(response.body.receive)).toEqual(['21', '22', '23', '24', '30']);
  expect(response.body.give).toMatchObject({ count: 6 });
  expect(response.body.receive).toMatchObject({ count: 5 });
  expect(response.body.receive.stickers[0]).toEqual({ number: '21', name: 'Giocatore 21' });
  // The selected album is the default, as for the search.
  expect((await exchangesOf(me, other.id, '')).body).toEqual(response.body);
});

test("an opened card is only for someone the search could show me: nobody else's collection can be read", async () => {
  const me = await collector('20121', { yes: '1-5', double: '6' });
  const noDoubles = await collector('20122', { yes: '7' });
  const onlyWhatIHave = await collector('20122', { double: '1, 2' });
  const inRome = await collector('00184', { double: '8' });
  const deactivated = await collector('20122', { double: '9' });
  await admin.patch(`/api/admin/users/${deactivated.id}/toggle-status`, { is_active: false });
  const notFound = {
    status: 404,
    body: { message: 'Questo collezionista non è più tra i risultati della ricerca' },
  };
  for (const other of [noDoubles, onlyWhatIHave, inRome, deactivated, me]) {
    expect(await exchangesOf(me, other.id)).toMatchObject(notFound);
  }
  expect(await exchangesOf(me, 99999999)).toMatchObject(notFound);
  expect(await exchangesOf(me, 'abc')).toMatchObject({ status: 400, body: { message: 'Utente non valido' } });
  expect(await exchangesOf(me, noDoubles.id, '?albumId=99999999')).toMatchObject({
    status: 404,
    body: { message: 'Album non trovato' },
  });
  expect(await apiClient(server.url).get(`/api/matches/potential/${me.id}/exchanges`)).toMatchObject({
    status: 401,
  });
});

test('a collector whose every double I miss an accepted swap holds is not in my search: no card, no new match', async () => {
  const me = await collector('20121', { yes: '1-2' });
  const promised = await collector('20122', { double: '3, 4' });
  // Both spares promised to someone else (decision 015): they have nothing left to give me.
  await sql(
    server.databaseUrl,
    'update collection set reserved = doubles where user_id = $1 and album_id = $2',
    [promised.id, album.id],
  );
  expect((await search(me, '&radiusKm=10')).body.map((candidate) => candidate.id)).not.toContain(promised.id);
  expect(await exchangesOf(me, promised.id)).toMatchObject({ status: 404 });
  expect(await me.api.post('/api/matches', { user2Id: promised.id })).toMatchObject(NOT_A_CANDIDATE);
});
