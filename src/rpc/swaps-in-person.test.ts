import { afterAll, beforeAll, expect, test } from 'vitest';
import { adminClient } from '../../test/support/admin-client.ts';
import { apiClient, registeredUser } from '../../test/support/api-client.ts';
import { createAlbum, type TestAlbum } from '../../test/support/catalogue.ts';
import {
  type InPersonCall,
  inPersonKey,
  recordInPerson,
  secondsAgo,
  tableSwap,
} from '../../test/support/in-person-swaps.ts';
import { sql } from '../../test/support/sql.ts';
import { type SwapCollector, swapHelpers } from '../../test/support/swaps.ts';
import { startTestServer, type TestServer } from '../../test/support/test-server.ts';
import type { SwapView } from './schemas/swaps.ts';

// Issue 34: 'Scambio dal vivo', the server's record of a swap made at a table (docs/decisions/035).

let server: TestServer;
let album: TestAlbum;
let otherAlbum: TestAlbum;
beforeAll(async () => {
  server = await startTestServer();
  [album, otherAlbum] = await Promise.all([
    createAlbum(server.databaseUrl, { stickers: 40 }),
    createAlbum(server.databaseUrl, { stickers: 5 }),
  ]);
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

const ids = (...numbers: string[]) =>
  numbers.map((number) => album.stickers.find((sticker) => sticker.number === number)?.id as number);

/** Anna (doubles 1, 2) picked at Bruno's album (doubles 11, 12): she gave 1 and got 11. */
async function annaPicksAtBruno() {
  const { anna, bruno } = await pair();
  const calls = tableSwap({
    picker: anna,
    shower: bruno,
    albumId: album.id,
    pickerGives: ids('1'),
    showerGives: ids('11'),
  });
  return { anna, bruno, calls };
}

/** Everything of two collectors' albums: bitmaps (reserved too), spares, marks. */
const albumsOf = async (...users: SwapCollector[]) => {
  const userIds = users.map((user) => user.id);
  return {
    collections: await sql(
      server.databaseUrl,
      `select user_id, album_id, owned::text, doubles::text, reserved::text from collection
        where user_id = any($1) order by user_id, album_id`,
      [userIds],
    ),
    spares: await sql(
      server.databaseUrl,
      'select * from sticker_spare where user_id = any($1) order by user_id, sticker_id',
      [userIds],
    ),
    marks: await sql(
      server.databaseUrl,
      'select * from sticker_mark where user_id = any($1) order by user_id, sticker_id',
      [userIds],
    ),
  };
};

const rowsOfKey = (key: string) =>
  sql<{ id: number; from_confirmed: boolean; to_confirmed: boolean; items: number }>(
    server.databaseUrl,
    `select id, from_confirmed, to_confirmed, (select count(*)::int from swap_item i where i.swap_id = w.id) as items
       from swap w where in_person_key = $1`,
    [key],
  );

const swapOf = async (user: SwapCollector, id: number) =>
  (await user.api.get<SwapView>(`/api/swaps/${id}`)).body;

test('both phones record: one completed swap, dal vivo, in both lists, dated when it was made; no album changes', async () => {
  const { anna, bruno, calls } = await annaPicksAtBruno();
  const before = await albumsOf(anna, bruno);
  const first = await recordInPerson(anna, calls.picker);
  expect(first).toEqual({ status: 200, swapId: expect.any(Number), conflicts: [] });
  const id = first.swapId as number;
  // Bruno's phone has not recorded it yet: it is Anna's alone (issue 43).
  expect((await bruno.api.get(`/api/swaps/${id}`)).status).toBe(404);
  expect((await bruno.api.get('/api/swaps')).body).toEqual([]);
  expect(await swapOf(anna, id)).toMatchObject({
    status: 'completato',
    mode: 'dal_vivo',
    from: { id: anna.id, nickname: anna.nickname },
    to: { id: bruno.id, nickname: bruno.nickname },
    give: [{ number: '1', name: 'Giocatore 1' }],
    receive: [{ number: '11', name: 'Giocatore 11' }],
    confirmedBy: [anna.id],
    createdAt: new Date(calls.picker.at * 1000).toISOString(),
  });

  expect(await recordInPerson(bruno, calls.shower)).toEqual({ status: 200, swapId: id, conflicts: [] });
  for (const user of [anna, bruno]) {
    const listed = (await user.api.get<SwapView[]>('/api/swaps')).body;
    expect(listed.map((swap) => [swap.id, swap.status, swap.mode, swap.confirmedBy])).toEqual([
      [id, 'completato', 'dal_vivo', [anna.id, bruno.id]],
    ]);
    // Nothing waits for anyone: no badge.
    expect((await user.api.get('/api/swaps/waiting')).body).toEqual({ count: 0 });
  }
  expect(await rowsOfKey(calls.picker.key)).toEqual([
    { id, from_confirmed: true, to_confirmed: true, items: 2 },
  ]);
  expect(await albumsOf(anna, bruno)).toEqual(before);
});

test('a repeat by the same phone answers the same id and changes nothing; the first record’s items stay', async () => {
  const { anna, bruno, calls } = await annaPicksAtBruno();
  const id = (await recordInPerson(bruno, calls.shower)).swapId;
  const [stored] = await sql(server.databaseUrl, 'select updated_at from swap where id = $1', [id]);
  expect(await recordInPerson(bruno, calls.shower)).toMatchObject({ status: 200, swapId: id });
  // Bruno's phone remembers more than it gave: the record keeps what was written first.
  expect(await recordInPerson(bruno, { ...calls.shower, gives: ids('11', '12') })).toMatchObject({
    status: 200,
    swapId: id,
  });
  expect(await sql(server.databaseUrl, 'select updated_at from swap where id = $1', [id])).toEqual([stored]);
  expect(await swapOf(bruno, id as number)).toMatchObject({
    give: [{ number: '1', name: 'Giocatore 1' }],
    receive: [{ number: '11', name: 'Giocatore 11' }],
    confirmedBy: [bruno.id],
  });
  // Anna's phone, later, with her own view of the same swap: her flag, the same items.
  expect(await recordInPerson(anna, { ...calls.picker, receives: ids('11', '12') })).toMatchObject({
    swapId: id,
  });
  expect(await rowsOfKey(calls.picker.key)).toEqual([
    { id, from_confirmed: true, to_confirmed: true, items: 2 },
  ]);
});

test('both phones at once, and each twice at once: one swap, the same id for every call', async () => {
  const swaps = await Promise.all(Array.from({ length: 4 }, () => annaPicksAtBruno()));
  const answers = await Promise.all(
    swaps.flatMap(({ anna, bruno, calls }) => [
      recordInPerson(anna, calls.picker),
      recordInPerson(bruno, calls.shower),
      recordInPerson(anna, calls.picker),
      recordInPerson(bruno, calls.shower),
    ]),
  );
  for (const [i, { calls }] of swaps.entries()) {
    const mine = answers.slice(i * 4, i * 4 + 4);
    expect(mine.map((answer) => answer.status)).toEqual([200, 200, 200, 200]);
    const [row] = await rowsOfKey(calls.picker.key);
    expect(mine.map((answer) => answer.swapId)).toEqual(Array(4).fill(row?.id));
    expect(await rowsOfKey(calls.picker.key)).toEqual([
      { id: row?.id, from_confirmed: true, to_confirmed: true, items: 2 },
    ]);
  }
  // One phone sending the same call three times at once, before the other has recorded anything.
  const { anna, calls } = await annaPicksAtBruno();
  const same = await Promise.all([1, 2, 3].map(() => recordInPerson(anna, calls.picker)));
  expect(new Set(same.map((answer) => answer.swapId)).size).toBe(1);
  expect(await rowsOfKey(calls.picker.key)).toEqual([
    { id: same[0]?.swapId, from_confirmed: true, to_confirmed: false, items: 2 },
  ]);
});

test('rated only once both phones recorded it; then reputation counts it', async () => {
  const { anna, bruno, calls } = await annaPicksAtBruno();
  const id = (await recordInPerson(anna, calls.picker)).swapId as number;
  expect(await swapOf(anna, id)).toMatchObject({ canRate: false, myRating: null });
  const early = await anna.api.post(`/api/swaps/${id}/rating`, { stars: 5 });
  expect(early.status).toBe(409);
  expect(early.body.message).toBe(
    `Potrai valutare questo scambio dal vivo quando anche il telefono di ${bruno.nickname} lo avrà registrato`,
  );
  // Not Bruno's until his phone records it.
  const byBruno = await bruno.api.post(`/api/swaps/${id}/rating`, { stars: 5 });
  expect(byBruno).toMatchObject({ status: 404, body: { message: 'Scambio non trovato' } });
  expect((await anna.api.get(`/api/users/${bruno.id}/reputation`)).body).toMatchObject({ completedSwaps: 0 });

  await recordInPerson(bruno, calls.shower);
  expect(await swapOf(anna, id)).toMatchObject({ canRate: true });
  expect((await anna.api.post(`/api/swaps/${id}/rating`, { stars: 4 })).body).toMatchObject({
    myRating: 4,
    canRate: false,
  });
  expect((await bruno.api.post(`/api/swaps/${id}/rating`, { stars: 5 })).status).toBe(200);
  expect((await anna.api.get(`/api/users/${bruno.id}/reputation`)).body).toEqual({
    average: 4,
    ratings: 1,
    completedSwaps: 1,
    inPersonSwaps: 1,
  });
});

test('a swap recorded by one phone only is no earlier swap of the pair: an online swap after it is rated', async () => {
  const { anna, bruno, calls } = await annaPicksAtBruno();
  await recordInPerson(anna, calls.picker);
  // Completed minutes later, the online swap may be rated: the one-sided record is no 'swap of the last 7 days'.
  const online = (await propose(anna, bruno, ['2'], ['12'])).body.id;
  for (const [user, action] of [
    [bruno, 'accept'],
    [anna, 'confirm'],
    [bruno, 'confirm'],
  ] as const) {
    expect((await act(user, online, action)).status).toBe(200);
  }
  expect(await swapOf(anna, online)).toMatchObject({ status: 'completato', mode: 'online', canRate: true });
});

test('someone else with the key gets 409, and so does a phone whose role or album contradicts the record', async () => {
  const { anna, bruno, calls } = await annaPicksAtBruno();
  await recordInPerson(anna, calls.picker);
  const carla = await collector();
  const stranger = await recordInPerson(carla, { ...calls.shower, otherNickname: anna.nickname });
  expect(stranger).toEqual({
    status: 409,
    message: 'Questo scambio dal vivo è registrato tra altri collezionisti',
  });
  const asPicker = await recordInPerson(bruno, {
    ...calls.shower,
    role: 'picker',
  } satisfies InPersonCall);
  expect(asPicker).toEqual({
    status: 409,
    message:
      'Questo scambio dal vivo è registrato con i ruoli invertiti: chi ha scelto le figurine non corrisponde',
  });
  const withCarla = await recordInPerson(anna, { ...calls.picker, otherNickname: carla.nickname });
  expect(withCarla).toEqual({
    status: 409,
    message: 'Questo scambio dal vivo è registrato con un altro collezionista',
  });
  const elsewhere = await recordInPerson(bruno, {
    ...calls.shower,
    albumId: otherAlbum.id,
    gives: [otherAlbum.stickers[0]?.id as number],
    receives: [],
  });
  expect(elsewhere).toEqual({
    status: 409,
    message: 'Questo scambio dal vivo è registrato per un altro album',
  });
  expect(await rowsOfKey(calls.picker.key)).toEqual([
    { id: expect.any(Number), from_confirmed: true, to_confirmed: false, items: 2 },
  ]);
});

test('a blocked pair cannot record (403, either way); unknown, inactive or own nicknames get 404', async () => {
  const { anna, bruno, calls } = await annaPicksAtBruno();
  expect((await anna.api.post(`/api/users/${bruno.id}/block`)).status).toBe(200);
  expect(await recordInPerson(anna, calls.picker)).toEqual({
    status: 403,
    message: 'Hai bloccato questo collezionista: sbloccalo per registrare lo scambio',
  });
  expect(await recordInPerson(bruno, calls.shower)).toEqual({
    status: 403,
    message: 'Non puoi registrare scambi con questo collezionista',
  });
  expect(await rowsOfKey(calls.picker.key)).toEqual([]);

  const carla = await collector();
  expect(await recordInPerson(carla, { ...calls.picker, otherNickname: 'NESSUNO9' })).toEqual({
    status: 404,
    message: 'Nessun collezionista attivo si chiama NESSUNO9',
  });
  expect(
    await recordInPerson(carla, { ...calls.picker, otherNickname: carla.nickname.toLowerCase() }),
  ).toEqual({
    status: 404,
    message: 'Non puoi registrare uno scambio con te stesso',
  });
  await sql(server.databaseUrl, 'update app_user set is_active = false where id = $1', [bruno.id]);
  expect(await recordInPerson(carla, { ...calls.picker, key: inPersonKey() })).toEqual({
    status: 404,
    message: `Nessun collezionista attivo si chiama ${bruno.nickname}`,
  });
});

test('bad input is refused with an Italian message, never a 500', async () => {
  const { anna, bruno, calls } = await annaPicksAtBruno();
  const call = calls.picker;
  const refused = async (input: unknown, status: number, message: string) =>
    expect(await recordInPerson(anna, input), JSON.stringify(input).slice(0, 200)).toEqual({
      status,
      message,
    });
  const badKey = 'Codice dello scambio dal vivo non valido';
  await refused({ ...call, key: call.key.toUpperCase() }, 400, badKey);
  await refused({ ...call, key: call.key.slice(1) }, 400, badKey);
  await refused({ ...call, key: 42 }, 400, badKey);
  const future = "La data dello scambio è nel futuro: controlla l'ora del telefono";
  await refused({ ...call, at: secondsAgo(-11 * 60) }, 400, future);
  // Milliseconds instead of seconds read as far in the future.
  await refused({ ...call, at: Date.now() }, 400, future);
  await refused(
    { ...call, at: secondsAgo(61 * 86_400) },
    400,
    'Lo scambio è di più di 60 giorni fa: non si può più registrare',
  );
  await refused({ ...call, at: 1.5 }, 400, 'Data dello scambio non valida');
  await refused({ ...call, role: 'giver' }, 400, 'Ruolo non valido: usa picker o shower');
  await refused({ ...call, gives: [], receives: [] }, 400, 'Indica almeno una figurina scambiata');
  await refused(
    { ...call, receives: [...call.receives, ...call.gives] },
    400,
    'Una figurina non può essere sia data sia ricevuta',
  );
  await refused(
    { ...call, gives: [...call.gives, ...call.gives] },
    400,
    'Ogni figurina va indicata una volta sola',
  );
  const many = Array.from({ length: 1_001 }, (_, i) => i + 1);
  await refused({ ...call, gives: many, receives: [] }, 400, 'Al massimo 1000 figurine per parte');
  await refused({ ...call, gives: [0] }, 400, 'Figurina non valida');
  await refused(
    { ...call, gives: [otherAlbum.stickers[0]?.id] },
    400,
    'Alcune figurine non fanno parte di questo album',
  );
  await refused(
    { ...call, receives: [2_000_000_000] },
    400,
    'Alcune figurine non fanno parte di questo album',
  );
  await refused({ ...call, albumId: 2_000_000_000 }, 404, 'Album non trovato');
  await refused({ ...call, otherNickname: 'troppo-lungo' }, 400, 'Il nickname non può superare 8 caratteri');
  expect((await recordInPerson(anna, { ...call, extra: 1 })).status).toBe(400);
  expect((await recordInPerson(anna, { ...call, gives: undefined })).status).toBe(400);
  // A body far past any list's limit is cut off before it is read.
  const huge = await anna.api.request('POST', '/trpc/swaps.recordInPerson', {
    json: { ...call, gives: Array.from({ length: 20_000 }, (_, i) => i + 1) },
  });
  expect(huge.status).toBe(413);
  expect(await rowsOfKey(call.key)).toEqual([]);
  // The same call, well formed, is still recorded.
  expect((await recordInPerson(bruno, calls.shower)).status).toBe(200);
});

test('a sticker given in person that an accepted online swap promised is reported, every time; that swap stays as it was', async () => {
  const { anna, bruno } = await pair();
  const online = (await propose(anna, bruno, ['1', '2'], ['11'])).body.id;
  expect((await act(bruno, online, 'accept')).status).toBe(200);
  const promised = await swapOf(anna, online);
  const reservedBefore = await albumsOf(anna, bruno);
  const carla = await collector({ double: '20' });
  const calls = tableSwap({
    picker: carla,
    shower: anna,
    albumId: album.id,
    pickerGives: ids('20'),
    showerGives: ids('2', '3'),
  });
  const conflict = { stickerId: ids('2')[0], number: '2', swapId: online, otherNickname: bruno.nickname };
  expect(await recordInPerson(anna, calls.shower)).toMatchObject({ status: 200, conflicts: [conflict] });
  expect(await recordInPerson(anna, calls.shower)).toMatchObject({ status: 200, conflicts: [conflict] });
  // Carla gave nothing anyone was promised.
  expect(await recordInPerson(carla, calls.picker)).toMatchObject({ status: 200, conflicts: [] });
  expect(await swapOf(anna, online)).toEqual(promised);
  expect(await albumsOf(anna, bruno)).toEqual(reservedBefore);
});

test('the clean-up and the overdue-swap job leave an in-person swap of 59 days ago as it is', async () => {
  const { anna, bruno, calls } = await annaPicksAtBruno();
  const at = secondsAgo(59 * 86_400);
  const id = (await recordInPerson(anna, { ...calls.picker, at })).swapId as number;
  const before = await swapOf(anna, id);
  expect(before).toMatchObject({ status: 'completato', createdAt: new Date(at * 1000).toISOString() });
  const admin = await adminClient(server);
  expect((await admin.post('/api/admin/maintenance/run')).status).toBe(200);
  expect(await swapOf(anna, id)).toEqual(before);
  // The other phone, back online weeks later, still records it.
  expect(await recordInPerson(bruno, { ...calls.shower, at })).toMatchObject({ status: 200, swapId: id });
  expect(await swapOf(bruno, id)).toMatchObject({ status: 'completato', confirmedBy: [anna.id, bruno.id] });
});

test('a collector may record 60 times an hour; the next call is 429 in Italian', async () => {
  const { anna, calls } = await annaPicksAtBruno();
  for (let i = 0; i < 60; i += 1) expect((await recordInPerson(anna, calls.picker)).status).toBe(200);
  const refused = await recordInPerson(anna, calls.picker);
  expect(refused.status).toBe(429);
  expect(refused.message).toMatch(/^Troppi scambi dal vivo registrati: riprova tra \d+ secondi$/);
});

test('the data export says which swaps were made in person', async () => {
  const { anna, calls } = await annaPicksAtBruno();
  const id = (await recordInPerson(anna, calls.picker)).swapId;
  const exported = await anna.api.get<{ swaps: { id: number; mode: string; give: string[] }[] }>(
    '/api/user/export',
  );
  expect(exported.body.swaps).toEqual([expect.objectContaining({ id, mode: 'dal_vivo', give: ['1'] })]);
});

test('REST: POST /api/swaps/in-person takes the same body and answers swapId and conflicts', async () => {
  const { anna, bruno, calls } = await annaPicksAtBruno();
  const first = await anna.api.post('/api/swaps/in-person', calls.picker);
  expect(first.status).toBe(200);
  expect(first.body).toEqual({ swapId: expect.any(Number), conflicts: [] });
  const second = await bruno.api.post('/api/swaps/in-person', calls.shower);
  expect(second).toMatchObject({ status: 200, body: { swapId: first.body.swapId, conflicts: [] } });
  const bad = await anna.api.post('/api/swaps/in-person', { ...calls.picker, key: 'x' });
  expect(bad).toMatchObject({ status: 400, body: { message: 'Codice dello scambio dal vivo non valido' } });
  const stranger = await (await collector()).api.post('/api/swaps/in-person', {
    ...calls.shower,
    otherNickname: anna.nickname,
  });
  expect(stranger).toMatchObject({
    status: 409,
    body: { message: 'Questo scambio dal vivo è registrato tra altri collezionisti' },
  });
  const anonymous = await apiClient(server.url).post('/api/swaps/in-person', calls.picker);
  expect(anonymous).toMatchObject({ status: 401, body: { message: "Devi effettuare l'accesso" } });
  const document = await anna.api.get<{ paths: Record<string, { post?: object }> }>('/api/openapi.json');
  expect(document.body.paths['/api/swaps/in-person']?.post).toBeDefined();
});

// Issue 43: a swap count no one can fake, and no one-sided record in anyone else's history.

const reputationSeenBy = async (viewer: SwapCollector, user: SwapCollector) =>
  (await viewer.api.get(`/api/users/${user.id}/reputation`)).body;

/** Eight rounds of the same table swap, each under a fresh key, backdated a week more each time. */
async function farm(picker: SwapCollector, shower: SwapCollector) {
  for (let round = 0; round < 8; round += 1) {
    const calls = tableSwap({
      picker,
      shower,
      albumId: album.id,
      pickerGives: ids('1'),
      showerGives: ids('11'),
      at: secondsAgo(round * 8 * 86_400 + 600),
    });
    expect((await recordInPerson(picker, calls.picker)).status).toBe(200);
    expect((await recordInPerson(shower, calls.shower)).status).toBe(200);
  }
}

test('empty albums farming swaps: Milano–Palermo counts 0, two accounts of one city 1, however backdated', async () => {
  // Two accounts with empty albums, one in Milano and one in Palermo (10 km radius each).
  const milano = await collector();
  const palermo = { ...(await registeredUser(server.url, { cap: '90121' })) };
  await farm(milano, palermo);
  const nothing = { average: null, ratings: 0, completedSwaps: 0, inPersonSwaps: 0 };
  expect(await reputationSeenBy(milano, palermo)).toEqual(nothing);
  expect(await reputationSeenBy(palermo, milano)).toEqual(nothing);
  // Both phones recorded them: both see them, and none may be rated.
  const farmed = (await milano.api.get<SwapView[]>('/api/swaps')).body;
  expect(farmed.map((swap) => [swap.status, swap.mode, swap.confirmedBy.length, swap.canRate])).toEqual(
    Array(8).fill(['completato', 'dal_vivo', 2, false]),
  );
  const rating = await palermo.api.post(`/api/swaps/${farmed[0]?.id}/rating`, { stars: 5 });
  expect(rating).toMatchObject({
    status: 409,
    body: {
      message:
        'Questo scambio dal vivo è stato registrato lontano da dove abitate entrambi: non si può valutare e non conta negli scambi',
    },
  });

  // Two accounts in one city: the eight records make one partner this week.
  const neighbour = await collector();
  await farm(milano, neighbour);
  const once = { average: null, ratings: 0, completedSwaps: 1, inPersonSwaps: 1 };
  expect(await reputationSeenBy(palermo, neighbour)).toEqual(once);
  expect(await reputationSeenBy(palermo, milano)).toEqual(once);
  const withNeighbour = (await neighbour.api.get<SwapView[]>('/api/swaps')).body;
  expect(withNeighbour.filter((swap) => swap.canRate)).toHaveLength(1);
  const rateable = withNeighbour.find((swap) => swap.canRate) as SwapView;
  const again = withNeighbour.find((swap) => !swap.canRate) as SwapView;
  expect((await neighbour.api.post(`/api/swaps/${rateable.id}/rating`, { stars: 5 })).status).toBe(200);
  expect((await neighbour.api.post(`/api/swaps/${again.id}/rating`, { stars: 5 })).body).toEqual({
    message:
      'Hai già uno scambio con questo collezionista negli ultimi 7 giorni: questo non aggiunge un voto',
  });
  expect(await reputationSeenBy(palermo, milano)).toEqual({ ...once, average: 5, ratings: 1 });
});

test('a one-sided record stays its maker’s: at most 3 open per pair, none in the named collector’s list, purged after 60 days', async () => {
  const { anna: victim, bruno: friend } = await pair();
  const real = tableSwap({
    picker: victim,
    shower: friend,
    albumId: album.id,
    pickerGives: ids('1'),
    showerGives: ids('11'),
  });
  const realId = (await recordInPerson(victim, real.picker)).swapId as number;
  await recordInPerson(friend, real.shower);
  const before = {
    swaps: (await victim.api.get('/api/swaps')).body,
    reputation: await reputationSeenBy(friend, victim),
    exported: (await victim.api.get<{ swaps: unknown[] }>('/api/user/export')).body.swaps,
  };
  expect(before.swaps).toEqual([
    expect.objectContaining({ id: realId, confirmedBy: [victim.id, friend.id] }),
  ]);

  // Two strangers name the victim again and again, as picker and as shower.
  const strangers = [await collector(), await collector()];
  const forged: number[] = [];
  for (const stranger of strangers) {
    const answers = [];
    for (let round = 0; round < 5; round += 1) {
      const calls = tableSwap({
        picker: round % 2 ? stranger : victim,
        shower: round % 2 ? victim : stranger,
        albumId: album.id,
        pickerGives: ids('2'),
        showerGives: ids('12'),
      });
      answers.push(await recordInPerson(stranger, round % 2 ? calls.picker : calls.shower));
    }
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 429, 429]);
    expect(answers[3]?.message).toBe(
      `Hai già 3 scambi dal vivo con ${victim.nickname} che il suo telefono non ha ancora registrato: registra i prossimi quando li avrà registrati`,
    );
    forged.push(...answers.flatMap((answer) => (answer.swapId ? [answer.swapId] : [])));
    // The maker sees their own records.
    const own = (await stranger.api.get<SwapView[]>('/api/swaps')).body;
    expect(own.map((swap) => swap.confirmedBy)).toEqual(Array(3).fill([stranger.id]));
  }
  expect(forged).toHaveLength(6);
  // The victim's list, standing and export are as they were; a forged id is unknown to them.
  expect((await victim.api.get('/api/swaps')).body).toEqual(before.swaps);
  expect((await victim.api.get(`/api/swaps?withUserId=${strangers[0]?.id}`)).body).toEqual([]);
  expect(await reputationSeenBy(friend, victim)).toEqual(before.reputation);
  expect((await victim.api.get<{ swaps: unknown[] }>('/api/user/export')).body.swaps).toEqual(
    before.exported,
  );
  for (const id of forged.slice(0, 2)) {
    expect(await victim.api.get(`/api/swaps/${id}`)).toMatchObject({
      status: 404,
      body: { message: 'Scambio non trovato' },
    });
    expect((await victim.api.post(`/api/swaps/${id}/rating`, { stars: 1 })).status).toBe(404);
  }

  // The window has passed for the forged ones: the clean-up deletes them; a swap both phones recorded stays.
  await sql(
    server.databaseUrl,
    "update swap set created_at = created_at - interval '61 days' where id = any($1) or id = $2",
    [forged, realId],
  );
  const admin = await adminClient(server);
  expect((await admin.post('/api/admin/maintenance/run')).status).toBe(200);
  expect(await sql(server.databaseUrl, 'select id from swap where id = any($1)', [forged])).toEqual([]);
  expect((await victim.api.get<SwapView>(`/api/swaps/${realId}`)).status).toBe(200);
  // And the strangers may record again.
  const fresh = tableSwap({
    picker: strangers[0] as SwapCollector,
    shower: victim,
    albumId: album.id,
    pickerGives: ids('2'),
    showerGives: ids('12'),
  });
  expect((await recordInPerson(strangers[0] as SwapCollector, fresh.picker)).status).toBe(200);
});
