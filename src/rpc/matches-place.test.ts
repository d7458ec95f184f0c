import { expect, test } from 'vitest';
import { type ApiResponse, registeredUser } from '../../test/support/api-client.ts';
import { createAlbum, type TestAlbum } from '../../test/support/catalogue.ts';
import { setUpServerWithAdmin } from '../../test/support/server-with-admin.ts';

// Issue 43: others see a collector's comune and a distance in whole km, never the CAP, which is the
// collector's own (their /api/auth/me, their data export, the admin's list).

const { server } = setUpServerWithAdmin();

type Place = { comune: string | null; distanceKm: number };
type Candidate = Place & { id: number; nickname: string };
type Peer = { id: number; nickname: string; place: Place | null };
type Holders = { stickers: { number: string; holders: (Place & { id: number; nickname: string })[] }[] };

async function collectorIn(
  album: TestAlbum,
  where: { cap: string; comune?: string },
  marks: { yes?: string; double?: string },
) {
  const user = await registeredUser(server.url, where);
  for (const [status, numbers] of Object.entries(marks)) {
    const response = await user.api.post('/api/user/stickers/bulk', { albumId: album.id, numbers, status });
    if (response.status !== 200) throw new Error(JSON.stringify(response.body));
  }
  return user;
}

/** The body of an answer as an integrator reads it: no "cap" key, no CAP as a value. */
function expectNoCap(answer: ApiResponse, caps: string[]) {
  expect(answer.status).toBe(200);
  const text = JSON.stringify(answer.body);
  expect(text).not.toMatch(/"cap"/i);
  for (const cap of caps) expect(text).not.toContain(`"${cap}"`);
}

test('no answer about another collector carries their CAP: each says their comune and a distance in whole km', async () => {
  const album = await createAlbum(server.databaseUrl, { stickers: 12 });
  // Me in Milano (20121); Sara in Segrate, 9.0 km from Milano's seat, with a CAP of 2020 (20054);
  // Marta in Milano too, under another of its CAPs (20146): one point, 0 km.
  const me = await collectorIn(album, { cap: '20121' }, { yes: '1-5', double: '6, 7' });
  const sara = await collectorIn(album, { cap: '20054', comune: '015205' }, { yes: '1', double: '9, 11' });
  const marta = await collectorIn(album, { cap: '20146' }, { yes: '1', double: '10' });
  const secret = ['20054', '20146'];

  const potential = await me.api.get<Candidate[]>(`/api/matches/potential?albumId=${album.id}&radiusKm=20`);
  expectNoCap(potential, secret);
  const found = (id: number) => potential.body.find((candidate) => candidate.id === id);
  expect(found(sara.id)).toMatchObject({ nickname: sara.nickname, comune: 'Segrate', distanceKm: 9 });
  expect(found(marta.id)).toMatchObject({ nickname: marta.nickname, comune: 'Milano', distanceKm: 0 });

  const created = await me.api.post<Peer & { id: number; user2: Peer }>('/api/matches', { user2Id: sara.id });
  expectNoCap(created, secret);
  const matchId = created.body.id;
  const place = { comune: 'Segrate', distanceKm: 9 };
  expect(created.body.user2).toEqual({ id: sara.id, nickname: sara.nickname, place, closed: null });

  const proposal = await me.api.post<{ id: number }>('/api/swaps', {
    toUserId: sara.id,
    albumId: album.id,
    give: ['6'],
    receive: ['9'],
  });
  expect(proposal.status).toBe(201);
  await sara.api.post(`/api/matches/${matchId}/messages`, { content: 'Ciao, ci vediamo a Segrate?' });

  const list = await me.api.get<{ id: number; user2: Peer }[]>('/api/matches');
  expectNoCap(list, secret);
  expect(list.body.find((match) => match.id === matchId)?.user2).toEqual({
    id: sara.id,
    nickname: sara.nickname,
    place,
    closed: null,
  });
  const header = await me.api.get<{ user2: Peer & { presence: string | null } }>(`/api/matches/${matchId}`);
  expectNoCap(header, secret);
  expect(header.body.user2).toMatchObject({ nickname: sara.nickname, place, presence: 'online' });
  // Sara sees me the other way round: Milano, 9 km.
  const hers = await sara.api.get<{ user2: Peer }>(`/api/matches/${matchId}`);
  expectNoCap(hers, ['20121']);
  expect(hers.body.user2.place).toEqual({ comune: 'Milano', distanceKm: 9 });

  const holders = await me.api.get<Holders>(`/api/albums/${album.id}/nearby-holders`);
  expectNoCap(holders, secret);
  // Who and where (whether they miss one of my doubles, `givesBack`, is matches-holders.test's).
  const holdersOf = (number: string) =>
    holders.body.stickers
      .find((sticker) => sticker.number === number)
      ?.holders.map(({ id, nickname, comune, distanceKm }) => ({ id, nickname, comune, distanceKm }));
  expect(holdersOf('9')).toEqual([{ id: sara.id, nickname: sara.nickname, ...place }]);
  expect(holdersOf('10')).toEqual([
    { id: marta.id, nickname: marta.nickname, comune: 'Milano', distanceKm: 0 },
  ]);

  // Everything else about Sara: her swaps with me, our chat, her reputation, what we could swap.
  for (const path of [
    '/api/swaps',
    `/api/swaps/${proposal.body.id}`,
    `/api/matches/${matchId}/messages`,
    `/api/users/${sara.id}/reputation`,
    `/api/swaps/options/${sara.id}?albumId=${album.id}`,
    `/api/matches/potential/${sara.id}/exchanges?albumId=${album.id}`,
  ]) {
    expectNoCap(await me.api.get(path), secret);
  }
  // The same procedures through tRPC, which the screens call.
  const input = encodeURIComponent(JSON.stringify({ albumId: album.id, radiusKm: 20 }));
  expectNoCap(await me.api.get(`/trpc/matches.potential?input=${input}`), secret);

  // My own CAP stays mine: /api/auth/me carries it.
  expect((await sara.api.get<{ cap: string }>('/api/auth/me')).body.cap).toBe('20054');
});

test("a distance under a kilometre is '1 km', never 0: only one comune's collectors are 0 km apart", async () => {
  const album = await createAlbum(server.databaseUrl, { stickers: 4 });
  // Cassago Brianza and Cremella: two comuni whose seats are 0.56 km apart.
  const me = await collectorIn(album, { cap: '23893' }, { yes: '1', double: '2' });
  const cremella = await collectorIn(album, { cap: '23894' }, { yes: '3', double: '4' });
  const potential = await me.api.get<Candidate[]>(`/api/matches/potential?albumId=${album.id}&radiusKm=5`);
  expect(potential.body.find((candidate) => candidate.id === cremella.id)).toMatchObject({
    comune: 'Cremella',
    distanceKm: 1,
  });
  const holders = await me.api.get<Holders>(`/api/albums/${album.id}/nearby-holders?number=4`);
  expect(holders.body.stickers[0]?.holders).toEqual([
    expect.objectContaining({
      id: cremella.id,
      nickname: cremella.nickname,
      comune: 'Cremella',
      distanceKm: 1,
    }),
  ]);
  const match = await me.api.post<{ user2: Peer }>('/api/matches', { user2Id: cremella.id });
  expect(match.body.user2.place).toEqual({ comune: 'Cremella', distanceKm: 1 });
});

test('the ranking still reads the exact distance: of two collectors both 10 km away, the nearer comes first', async () => {
  const album = await createAlbum(server.databaseUrl, { stickers: 4 });
  const me = await collectorIn(album, { cap: '20121' }, { yes: '1', double: '2' });
  // Registered first (a lower id), Peschiera Borromeo is 10.02 km from Milano, Cormano 9.72 km.
  const peschiera = await collectorIn(album, { cap: '20068' }, { double: '3' });
  const cormano = await collectorIn(album, { cap: '20032' }, { double: '3' });
  const potential = await me.api.get<Candidate[]>(`/api/matches/potential?albumId=${album.id}&radiusKm=15`);
  expect(potential.body.map(({ id, comune, distanceKm }) => [id, comune, distanceKm])).toEqual([
    [cormano.id, 'Cormano', 10],
    [peschiera.id, 'Peschiera Borromeo', 10],
  ]);
});
