import { afterAll, beforeAll, expect, test } from 'vitest';
import { apiClient, registeredUser } from '../../test/support/api-client.ts';
import { classifyStickers, createAlbum, type TestAlbum } from '../../test/support/catalogue.ts';
import { recordInPerson, tableSwap } from '../../test/support/in-person-swaps.ts';
import { sql } from '../../test/support/sql.ts';
import { type SwapCollector, swapHelpers } from '../../test/support/swaps.ts';
import { startTestServer, type TestServer } from '../../test/support/test-server.ts';
import { completionOf } from '../client/shared/completion/counted-stickers.ts';
import type { StickerKind } from './schemas/stickers.ts';

let server: TestServer;
let album: TestAlbum;
beforeAll(async () => {
  server = await startTestServer();
  album = await createAlbum(server.databaseUrl, {
    stickers: [
      ...Array.from({ length: 20 }, (_, i) => ({ number: String(i + 1), name: `Giocatore ${i + 1}` })),
      { number: 'ITA 3', name: 'Italia tre' },
      { number: 'SPE 1', name: 'Speciale' },
    ],
  });
});
afterAll(() => server.close());

const idOf = (number: string) => album.stickers.find((sticker) => sticker.number === number)?.id as number;

type Record = { stickerId: number; status: string; userId: number };
type Sticker = { id: number; kind: StickerKind };

async function recordsOf(user: Awaited<ReturnType<typeof registeredUser>>, albumId = album.id) {
  const response = await user.api.get<Record[]>(`/api/user/stickers/${albumId}`);
  expect(response.status).toBe(200);
  return Object.fromEntries(response.body.map((record) => [record.stickerId, record.status]));
}

test('a collector marks stickers yes, double and no; only yes and double are records', async () => {
  const user = await registeredUser(server.url);
  expect(await user.api.get(`/api/user/stickers/${album.id}`)).toMatchObject({ status: 200, body: [] });

  expect(await user.api.put(`/api/user/stickers/${idOf('1')}`, { status: 'yes' })).toMatchObject({
    status: 200,
    body: { stickerId: idOf('1'), status: 'yes', userId: user.id },
  });
  await user.api.put(`/api/user/stickers/${idOf('2')}`, { status: 'double' });
  await user.api.put(`/api/user/stickers/${idOf('SPE 1')}`, { status: 'yes' });
  await user.api.put(`/api/user/stickers/${idOf('SPE 1')}`, { status: 'no' });

  const response = await user.api.get<Record[]>(`/api/user/stickers/${album.id}`);
  expect(response.body).toEqual([
    { stickerId: idOf('1'), status: 'yes', userId: user.id },
    { stickerId: idOf('2'), status: 'double', userId: user.id, spares: 1 },
  ]);
});

test("one collector's marks are theirs alone", async () => {
  const [anna, bruno] = await Promise.all([registeredUser(server.url), registeredUser(server.url)]);
  await anna.api.put(`/api/user/stickers/${idOf('5')}`, { status: 'double' });
  expect(await recordsOf(bruno)).toEqual({});
  expect(await recordsOf(anna)).toEqual({ [idOf('5')]: 'double' });
});

test('the first marked sticker selects its album for matches, later ones do not change the choice', async () => {
  const other = await createAlbum(server.databaseUrl, { stickers: 3 });
  const user = await registeredUser(server.url);
  expect((await user.api.get('/api/auth/me')).body).toMatchObject({ albumSelezionato: null });
  await user.api.put(`/api/user/stickers/${other.stickers[0]?.id}`, { status: 'no' });
  expect((await user.api.get('/api/auth/me')).body).toMatchObject({ albumSelezionato: null });
  await user.api.put(`/api/user/stickers/${other.stickers[0]?.id}`, { status: 'yes' });
  await user.api.put(`/api/user/stickers/${idOf('1')}`, { status: 'yes' });
  expect((await user.api.get('/api/auth/me')).body).toMatchObject({ albumSelezionato: other.id });
});

test('bad status, unknown or malformed sticker and anonymous callers are refused without changes', async () => {
  const user = await registeredUser(server.url);
  await user.api.put(`/api/user/stickers/${idOf('7')}`, { status: 'yes' });
  const cases: [string, unknown, number, string][] = [
    [`/api/user/stickers/${idOf('7')}`, { status: 'maybe' }, 400, 'Stato non valido: usa no, yes o double'],
    [`/api/user/stickers/${idOf('7')}`, {}, 400, 'Stato non valido: usa no, yes o double'],
    [`/api/user/stickers/${idOf('7')}`, { status: 'no', extra: 1 }, 400, 'Chiave non riconosciuta: "extra"'],
    ['/api/user/stickers/99999999', { status: 'yes' }, 404, 'Figurina non trovata'],
    ['/api/user/stickers/abc', { status: 'yes' }, 400, 'Figurina non valida'],
  ];
  for (const [path, body, status, message] of cases) {
    expect(await user.api.put(path, body)).toMatchObject({ status, body: { message } });
  }
  expect(await user.api.get('/api/user/stickers/99999999')).toMatchObject({
    status: 404,
    body: { message: 'Album non trovato' },
  });
  const anonymous = apiClient(server.url);
  expect(await anonymous.put(`/api/user/stickers/${idOf('7')}`, { status: 'no' })).toMatchObject({
    status: 401,
  });
  expect(await anonymous.get(`/api/user/stickers/${album.id}`)).toMatchObject({ status: 401 });
  expect(await recordsOf(user)).toEqual({ [idOf('7')]: 'yes' });
});

test('a tap through an ended session or by a deactivated collector is refused at once and writes nothing', async () => {
  const user = await registeredUser(server.url);
  const stolen = apiClient(server.url);
  stolen.cookie = user.api.cookie;
  const tapViaTrpc = (client: typeof stolen, stickerId: number) =>
    client.post<[{ error?: { message: string } }]>('/trpc/collection.setStatus?batch=1', {
      0: { stickerId, status: 'yes' },
    });
  expect((await stolen.put(`/api/user/stickers/${idOf('1')}`, { status: 'yes' })).status).toBe(200);
  expect((await tapViaTrpc(stolen, idOf('2'))).status).toBe(200);

  expect((await user.api.post('/api/auth/logout')).status).toBe(200);
  expect(await stolen.put(`/api/user/stickers/${idOf('3')}`, { status: 'yes' })).toMatchObject({
    status: 401,
    body: { message: "Devi effettuare l'accesso" },
  });
  expect(await tapViaTrpc(stolen, idOf('4'))).toMatchObject({
    status: 401,
    body: [{ error: { message: "Devi effettuare l'accesso" } }],
  });
  // Logged out, an unknown sticker is still a 401: nothing is told to a caller without a session.
  expect((await stolen.put('/api/user/stickers/99999999', { status: 'yes' })).status).toBe(401);
  const again = apiClient(server.url);
  await again.post('/api/auth/login', { nickname: user.nickname, password: user.password });
  expect(await recordsOf({ ...user, api: again })).toEqual({ [idOf('1')]: 'yes', [idOf('2')]: 'yes' });

  await sql(server.databaseUrl, 'update app_user set is_active = false where id = $1', [user.id]);
  expect((await again.put(`/api/user/stickers/${idOf('5')}`, { status: 'yes' })).status).toBe(401);
  expect((await tapViaTrpc(again, idOf('5'))).status).toBe(401);
  const [row] = await sql<{ marks: string }>(
    server.databaseUrl,
    'select count(*) as marks from sticker_mark where user_id = $1',
    [user.id],
  );
  expect(Number(row?.marks)).toBe(2);
});

test('taps batched in one request, as the outbox sends them, are each written and answered', async () => {
  const user = await registeredUser(server.url);
  const response = await user.api.post<{ result: { data: { stickerId: number; status: string } } }[]>(
    '/trpc/collection.setStatus,collection.setStatus,collection.setStatus?batch=1',
    {
      0: { stickerId: idOf('8'), status: 'yes', tappedAt: Date.now() },
      1: { stickerId: idOf('9'), status: 'double', spares: 3, tappedAt: Date.now() },
      2: { stickerId: 99999999, status: 'yes' },
    },
  );
  expect(response.status).toBe(207);
  expect(response.body[0]?.result.data).toEqual({ stickerId: idOf('8'), status: 'yes', userId: user.id });
  expect(response.body[1]?.result.data).toEqual({
    stickerId: idOf('9'),
    status: 'double',
    userId: user.id,
    spares: 3,
  });
  expect(response.body[2]).toMatchObject({ error: { message: 'Figurina non trovata' } });
  expect(await recordsOf(user)).toEqual({ [idOf('8')]: 'yes', [idOf('9')]: 'double' });
});

test('concurrent updates never duplicate, never fail and never lose one another', async () => {
  const user = await registeredUser(server.url);
  const statuses = ['yes', 'double', 'no', 'yes', 'double', 'yes'];
  const responses = await Promise.all(
    Array.from({ length: 30 }, (_, i) =>
      user.api.put(`/api/user/stickers/${idOf(String((i % 10) + 1))}`, {
        status: statuses[i % statuses.length],
      }),
    ),
  );
  expect(responses.map((response) => response.status)).toEqual(Array(30).fill(200));
  const records = await user.api.get<Record[]>(`/api/user/stickers/${album.id}`);
  const ids = records.body.map((record) => record.stickerId);
  expect(new Set(ids).size).toBe(ids.length);

  // Different stickers written at the same time must all survive (no lost update between them).
  const fresh = await registeredUser(server.url);
  await Promise.all(
    Array.from({ length: 20 }, (_, i) =>
      fresh.api.put(`/api/user/stickers/${idOf(String(i + 1))}`, { status: i % 2 ? 'double' : 'yes' }),
    ),
  );
  const all = await recordsOf(fresh);
  expect(Object.keys(all)).toHaveLength(20);
  expect(all[idOf('2')]).toBe('double');
  expect(all[idOf('1')]).toBe('yes');
});

test('bulk entry marks typed numbers and ranges in one go and lists unknown ones back', async () => {
  const user = await registeredUser(server.url);
  const response = await user.api.post('/api/user/stickers/bulk', {
    albumId: album.id,
    numbers: '1-3, 05, ita 3, 99, 9-7, ZZZ',
    status: 'double',
  });
  expect(response).toMatchObject({ status: 200, body: { updated: 5, unknown: ['9-7', '99', 'ZZZ'] } });
  expect(await recordsOf(user)).toEqual({
    [idOf('1')]: 'double',
    [idOf('2')]: 'double',
    [idOf('3')]: 'double',
    [idOf('5')]: 'double',
    [idOf('ITA 3')]: 'double',
  });

  const byId = await user.api.post('/api/user/stickers/bulk', {
    albumId: album.id,
    stickerIds: [idOf('1'), idOf('2'), 123456789],
    status: 'no',
  });
  expect(byId).toMatchObject({ status: 200, body: { updated: 2, unknown: ['123456789'] } });
  expect(Object.keys(await recordsOf(user))).toHaveLength(3);
});

test('bulk entry refuses bad input and changes nothing', async () => {
  const user = await registeredUser(server.url);
  await user.api.put(`/api/user/stickers/${idOf('4')}`, { status: 'yes' });
  const cases: [unknown, number, string][] = [
    [{ albumId: album.id, numbers: '1-3', status: 'tante' }, 400, 'Stato non valido: usa no, yes o double'],
    [{ albumId: album.id, status: 'yes' }, 400, 'Indica i numeri oppure gli id delle figurine'],
    [
      { albumId: album.id, numbers: '1', stickerIds: [1], status: 'yes' },
      400,
      'Indica i numeri oppure gli id delle figurine',
    ],
    [{ albumId: album.id, numbers: 'x'.repeat(5001), status: 'yes' }, 400, 'Elenco di numeri troppo lungo'],
    [
      { albumId: album.id, stickerIds: Array.from({ length: 1001 }, (_, i) => i + 1), status: 'yes' },
      400,
      'Puoi aggiornare al massimo 1000 figurine alla volta',
    ],
    [{ albumId: 99999999, numbers: '1', status: 'yes' }, 404, 'Album non trovato'],
  ];
  for (const [body, status, message] of cases) {
    expect(await user.api.post('/api/user/stickers/bulk', body)).toMatchObject({ status, body: { message } });
  }
  expect(await recordsOf(user)).toEqual({ [idOf('4')]: 'yes' });
});

test("the summary counts one album, named: the one chosen for matches, else the one marked last, else the catalogue's first", async () => {
  const small = await createAlbum(server.databaseUrl, { name: 'Piccolo', year: 2024, stickers: 4 });
  const untouched = await createAlbum(server.databaseUrl, { stickers: 50 });
  const user = await registeredUser(server.url);
  const summary = async () => {
    const response = await user.api.get<{ [field: string]: unknown }>('/api/user/summary');
    expect(response.status).toBe(200);
    return response.body;
  };
  const albumOf = (counted: TestAlbum, year: number) => ({
    id: counted.id,
    name: counted.name,
    year,
    stickerCount: counted.stickers.length,
  });
  // A newcomer: the catalogue's first album, with every sticker missing.
  expect(await summary()).toEqual({
    album: albumOf(album, 2026),
    raccolte: 0,
    doppie: 0,
    mancanti: album.stickers.length,
    progress: [],
    counted: expect.any(Array),
  });

  // The first marks choose the album: its stickers owned (doubles included), its doubles, what it misses.
  await user.api.post('/api/user/stickers/bulk', { albumId: album.id, numbers: '1-5', status: 'yes' });
  await user.api.post('/api/user/stickers/bulk', { albumId: album.id, numbers: '6, 7', status: 'double' });
  await user.api.post('/api/user/stickers/bulk', { albumId: small.id, numbers: '1-3', status: 'yes' });
  await user.api.post('/api/user/stickers/bulk', { albumId: small.id, numbers: '2', status: 'double' });
  // Marking and unmarking leaves an album with no sticker: it has no progress to show.
  await user.api.put(`/api/user/stickers/${untouched.stickers[0]?.id}`, { status: 'yes' });
  await user.api.put(`/api/user/stickers/${untouched.stickers[0]?.id}`, { status: 'no' });
  expect(await summary()).toEqual({
    album: albumOf(album, 2026),
    raccolte: 7,
    doppie: 2,
    mancanti: album.stickers.length - 7,
    progress: [
      { albumId: album.id, owned: 7 },
      { albumId: small.id, owned: 3 },
    ],
    counted: expect.any(Array),
  });

  const me = { nickname: user.nickname, cap: user.cap };
  const choose = async (albumSelezionato: number | null) =>
    expect(await user.api.put('/api/user/profile', { ...me, albumSelezionato })).toMatchObject({
      status: 200,
    });
  await choose(small.id);
  expect(await summary()).toMatchObject({ album: albumOf(small, 2024), raccolte: 3, doppie: 1, mancanti: 1 });
  // No album chosen: the one marked last that has stickers of mine.
  await choose(null);
  expect(await summary()).toMatchObject({ album: albumOf(small, 2024), raccolte: 3, doppie: 1, mancanti: 1 });
});

test('the server reads fast entry as the app does: spaces and new lines separate, letters bind to the number after them', async () => {
  const user = await registeredUser(server.url);
  const response = await user.api.post('/api/user/stickers/bulk', {
    albumId: album.id,
    numbers: '11-13 15\n17;ita3 SPE 1 abc',
    status: 'yes',
  });
  expect(response).toMatchObject({ status: 200, body: { updated: 7, unknown: ['abc'], unknownCount: 1 } });
  expect(await recordsOf(user)).toEqual(
    Object.fromEntries(
      ['11', '12', '13', '15', '17', 'ITA 3', 'SPE 1'].map((number) => [idOf(number), 'yes']),
    ),
  );
});

test('fast entry takes spare counts: `12x3` and `14 x2` are doubles with that many spares, the rest gets the status chosen', async () => {
  const user = await registeredUser(server.url);
  const response = await user.api.post('/api/user/stickers/bulk', {
    albumId: album.id,
    numbers: '11, 12x3, 14 x2, 7x0',
    status: 'yes',
  });
  expect(response).toMatchObject({ status: 200, body: { updated: 3, unknown: ['7x0'], unknownCount: 1 } });
  const records = await user.api.get<(Record & { spares?: number })[]>(`/api/user/stickers/${album.id}`);
  expect(records.body.map(({ stickerId, status, spares }) => ({ stickerId, status, spares }))).toEqual([
    { stickerId: idOf('11'), status: 'yes', spares: undefined },
    { stickerId: idOf('12'), status: 'double', spares: 3 },
    { stickerId: idOf('14'), status: 'double', spares: 2 },
  ]);
});

/** An album whose stickers have kinds and sections, set as the admin's import would (issue 49). */
async function albumWithKinds(
  options: { stickers: string[] } & Parameters<typeof classifyStickers>[2],
): Promise<TestAlbum> {
  const created = await createAlbum(server.databaseUrl, {
    stickers: options.stickers.map((number) => ({ number, name: `Figurina ${number}` })),
  });
  await classifyStickers(server.databaseUrl, created.id, options);
  return created;
}

test("extras are out of the album's total, Mancanti, progress and 'Le mie ultime'; doubles still count them", async () => {
  const kinds = await albumWithKinds({
    stickers: ['1', '2', '3', '4', 'E1', 'E2'],
    extra: ['E1', 'E2'],
    speciale: ['4'],
  });
  const user = await registeredUser(server.url);
  await user.api.post('/api/user/stickers/bulk', { albumId: kinds.id, numbers: '1, E1', status: 'yes' });
  await user.api.post('/api/user/stickers/bulk', { albumId: kinds.id, numbers: 'E2', status: 'double' });

  const summary = await user.api.get<{ [field: string]: unknown }>('/api/user/summary');
  expect(summary.body).toMatchObject({
    album: { id: kinds.id, stickerCount: 4 },
    raccolte: 1,
    doppie: 1,
    mancanti: 3,
    progress: [{ albumId: kinds.id, owned: 1 }],
  });
  expect(summary.body.counted).toContainEqual({ albumId: kinds.id, counted: 4 });
  expect(summary.body.counted).not.toContainEqual(expect.objectContaining({ albumId: album.id }));
  // The device's spelling of the rule (shared/completion) gives the server's figures on the same marks.
  const stickers = (await user.api.get<Sticker[]>(`/api/albums/${kinds.id}/stickers`)).body;
  const marks = await recordsOf(user, kinds.id);
  expect(completionOf(stickers, (id) => marks[id] !== undefined)).toMatchObject({
    total: 4,
    owned: 1,
    missing: 3,
    extras: { total: 2, owned: 2 },
  });

  const last = await user.api.get<{ missing: number; stickers: { number: string }[] }>(
    `/api/albums/${kinds.id}/nearby-holders`,
  );
  expect(last.status).toBe(200);
  expect(last.body.missing).toBe(3);
  expect(last.body.stickers.map((sticker) => sticker.number)).toEqual(['2', '3', '4']);
});

test("'Ordina le ultime' lists what I miss, extras aside, in the album's order and by section, with the estimate", async () => {
  const kinds = await albumWithKinds({
    stickers: ['12', '45', '3', '101', 'P3', 'P1', 'X1'],
    extra: ['X1'],
    speciale: ['P3', 'P1'],
    sections: { Squadre: ['12', '45', '3'], Calciomercato: ['P3', 'P1'] },
    orderLimit: 4,
    priceCents: 250,
  });
  const user = await registeredUser(server.url);
  await user.api.post('/api/user/stickers/bulk', { albumId: kinds.id, numbers: '45', status: 'double' });
  expect(await user.api.get(`/api/user/albums/${kinds.id}/order-list`)).toMatchObject({
    status: 200,
    body: { limit: 4, missing: 5, overLimitBy: 1, numbers: [], sections: [], priceCents: 250 },
  });

  await user.api.post('/api/user/stickers/bulk', { albumId: kinds.id, numbers: '3', status: 'yes' });
  expect((await user.api.get(`/api/user/albums/${kinds.id}/order-list`)).body).toEqual({
    limit: 4,
    missing: 4,
    overLimitBy: 0,
    numbers: ['12', '101', 'P3', 'P1'],
    sections: [
      { section: 'Squadre', numbers: ['12'] },
      { section: null, numbers: ['101'] },
      { section: 'Calciomercato', numbers: ['P3', 'P1'] },
    ],
    priceCents: 250,
    estimatedCostCents: 1000,
  });

  // No price entered: no estimate; a newcomer misses every counted sticker.
  const plain = await albumWithKinds({ stickers: ['1', '2', 'X'], extra: ['X'] });
  expect((await user.api.get(`/api/user/albums/${plain.id}/order-list`)).body).toEqual({
    limit: 50,
    missing: 2,
    overLimitBy: 0,
    numbers: ['1', '2'],
    sections: [{ section: null, numbers: ['1', '2'] }],
    priceCents: null,
    estimatedCostCents: null,
  });
});

test("'Album completato' counts the swaps I completed in that album, online and in person, on either side", async () => {
  const swapped = await createAlbum(server.databaseUrl, { stickers: 20 });
  const elsewhere = await createAlbum(server.databaseUrl, { stickers: 20 });
  let current = swapped;
  const { collector, propose, act, pair, completedSwap, mark } = swapHelpers(server, () => current);
  const countOf = async (user: SwapCollector, albumId = swapped.id) => {
    const response = await user.api.get<{ count: number }>(`/api/user/albums/${albumId}/completed-swaps`);
    expect(response.status).toBe(200);
    return response.body.count;
  };
  const ids = (...numbers: string[]) =>
    numbers.map((number) => swapped.stickers.find((sticker) => sticker.number === number)?.id as number);

  const { anna, bruno } = await pair();
  await completedSwap(anna, bruno, ['1'], ['11']);
  // A declined proposal is no swap made.
  const declined = await propose(anna, bruno, ['2'], ['12']);
  expect((await act(bruno, declined.body.id, 'decline')).status).toBe(200);
  expect([await countOf(anna), await countOf(bruno)]).toEqual([1, 1]);

  // In person, Carla picked at Anna's album: hers as soon as her phone recorded it, Anna's once Anna's did.
  const carla = await collector({ double: '5' });
  const calls = tableSwap({
    picker: carla,
    shower: anna,
    albumId: swapped.id,
    pickerGives: ids('5'),
    showerGives: ids('2'),
  });
  expect((await recordInPerson(carla, calls.picker)).status).toBe(200);
  expect([await countOf(carla), await countOf(anna)]).toEqual([1, 1]);
  expect((await recordInPerson(anna, calls.shower)).status).toBe(200);
  expect([await countOf(carla), await countOf(anna), await countOf(bruno)]).toEqual([1, 2, 1]);

  // Another album's swap counts there only; a newcomer has none.
  current = elsewhere;
  await mark(anna, 'double', '3');
  await mark(bruno, 'double', '4');
  await completedSwap(anna, bruno, ['3'], ['4']);
  expect([await countOf(anna), await countOf(anna, elsewhere.id)]).toEqual([2, 1]);
  expect(await countOf(await registeredUser(server.url))).toBe(0);
});

test("'Ordina le ultime' and the completed swaps need a login and a real album, and say so in Italian", async () => {
  const user = await registeredUser(server.url);
  for (const call of ['order-list', 'completed-swaps']) {
    const cases: [string, number, string][] = [
      [`/api/user/albums/99999999/${call}`, 404, 'Album non trovato'],
      [`/api/user/albums/abc/${call}`, 400, 'Album non valido'],
    ];
    for (const [path, status, message] of cases) {
      expect(await user.api.get(path)).toMatchObject({ status, body: { message } });
    }
    const anonymous = await apiClient(server.url).get(`/api/user/albums/${album.id}/${call}`);
    expect(anonymous.status).toBe(401);
    expect(anonymous.body).toMatchObject({ message: "Devi effettuare l'accesso" });
  }
});
