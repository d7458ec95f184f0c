import { expect, test } from 'vitest';
import { apiClient, registeredUser } from '../../test/support/api-client.ts';
import { classifyStickers, createAlbum } from '../../test/support/catalogue.ts';
import { setUpServerWithAdmin } from '../../test/support/server-with-admin.ts';
import { stickerStatuses as statuses } from '../../test/support/swaps.ts';
import { italianMonth } from './schemas/age-band-rule.ts';
import type { SwapView } from './schemas/swaps.ts';

// Issue 49, row 5: the doubles of a completed album 'in regalo', found in 'Le mie ultime' and asked for
// with a proposal that gives nothing (docs/decisions/059).

const { server } = setUpServerWithAdmin();

const teenBirth = { birthYear: italianMonth(new Date()).year - 15, birthMonth: 1 };
const NOT_COMPLETE = "Completa l'album prima di mettere in regalo i doppioni";
const GIVE_REQUIRED = 'Indica almeno una figurina che dai';

type Collector = Awaited<ReturnType<typeof registeredUser>>;
type Holders = {
  stickers: { number: string; holders: { id: number; givesBack: boolean; inRegalo: boolean }[] }[];
};

async function collectorIn(
  albumId: number,
  marks: { yes?: string; double?: string; no?: string },
  birth?: { birthYear: number; birthMonth: number },
) {
  const user = await registeredUser(server.url, birth);
  for (const status of ['yes', 'double', 'no'] as const) {
    const numbers = marks[status];
    if (!numbers) continue;
    const response = await user.api.post('/api/user/stickers/bulk', { albumId, numbers, status });
    if (response.status !== 200) throw new Error(JSON.stringify(response.body));
  }
  return user;
}

const inRegalo = (user: Collector, albumId: number, on: boolean) =>
  user.api.put<{ inRegalo?: boolean; message?: string }>(`/api/user/albums/${albumId}/in-regalo`, {
    inRegalo: on,
  });

/** How `viewer` sees `holder` among those who have `number`: undefined when not listed. */
async function holderSeen(viewer: Collector, albumId: number, number: string, holder: Collector) {
  const answer = await viewer.api.get<Holders>(`/api/albums/${albumId}/nearby-holders?number=${number}`);
  expect(answer.status).toBe(200);
  return answer.body.stickers[0]?.holders.find((one) => one.id === holder.id);
}

test('in regalo only once the album is complete (extras aside); off always; unknown album 404', async () => {
  const album = await createAlbum(server.databaseUrl, { stickers: 4 });
  await classifyStickers(server.databaseUrl, album.id, { extra: ['4'] });
  const anna = await collectorIn(album.id, { yes: '1', double: '2' });
  const path = `/api/user/albums/${album.id}/in-regalo`;

  expect(await anna.api.get(path)).toMatchObject({ status: 200, body: { inRegalo: false } });
  expect(await inRegalo(anna, album.id, true)).toMatchObject({
    status: 400,
    body: { message: NOT_COMPLETE },
  });
  // Without a single mark in the album, too.
  const newcomer = await registeredUser(server.url);
  expect(await inRegalo(newcomer, album.id, true)).toMatchObject({
    status: 400,
    body: { message: NOT_COMPLETE },
  });
  expect(await inRegalo(newcomer, album.id, false)).toMatchObject({ status: 200, body: { inRegalo: false } });

  // Complete with the extra still missing.
  await anna.api.post('/api/user/stickers/bulk', { albumId: album.id, numbers: '3', status: 'yes' });
  expect(await inRegalo(anna, album.id, true)).toMatchObject({ status: 200, body: { inRegalo: true } });
  expect(await anna.api.get(path)).toMatchObject({ status: 200, body: { inRegalo: true } });
  expect(await inRegalo(anna, album.id, false)).toMatchObject({ status: 200, body: { inRegalo: false } });
  expect(await anna.api.get(path)).toMatchObject({ status: 200, body: { inRegalo: false } });

  const unknown = '/api/user/albums/999999/in-regalo';
  expect(await anna.api.put(unknown, { inRegalo: true })).toMatchObject({
    status: 404,
    body: { message: 'Album non trovato' },
  });
  expect(await anna.api.get(unknown)).toMatchObject({ status: 404, body: { message: 'Album non trovato' } });
  expect(await anna.api.put('/api/user/albums/abc/in-regalo', { inRegalo: true })).toMatchObject({
    status: 400,
    body: { message: 'Album non valido' },
  });
  expect(await anna.api.put(path, { inRegalo: 'sì' })).toMatchObject({
    status: 400,
    body: { message: 'Indica se i doppioni sono in regalo (true o false)' },
  });
  expect((await apiClient(server.url).put(path, { inRegalo: true })).status).toBe(401);
});

test("a holder is 'in regalo' only to collectors on the same side of the age line, and while the album stays complete", async () => {
  const album = await createAlbum(server.databaseUrl, { stickers: 4 });
  const giver = await collectorIn(album.id, { yes: '1-4', double: '2' });
  const adult = await collectorIn(album.id, { yes: '1' });
  const teen = await collectorIn(album.id, { yes: '1' }, teenBirth);
  const teenGiver = await collectorIn(album.id, { yes: '1-4', double: '2' }, teenBirth);

  // Not in regalo yet; and the adult, who has nothing the giver misses, is offered no swap.
  expect(await holderSeen(adult, album.id, '2', giver)).toMatchObject({ givesBack: false, inRegalo: false });
  expect((await inRegalo(giver, album.id, true)).status).toBe(200);
  expect((await inRegalo(teenGiver, album.id, true)).status).toBe(200);

  expect(await holderSeen(adult, album.id, '2', giver)).toMatchObject({ givesBack: false, inRegalo: true });
  expect(await holderSeen(teen, album.id, '2', teenGiver)).toMatchObject({ inRegalo: true });
  // Across the age line it is an ordinary holder: a minor sees the adult, never as a gift…
  expect(await holderSeen(teen, album.id, '2', giver)).toMatchObject({ inRegalo: false });
  // …and an adult finds the teen only once the teen lets adults find them, never as a gift either.
  expect(await holderSeen(adult, album.id, '2', teenGiver)).toBeUndefined();
  const visible = await teenGiver.api.put('/api/user/profile', {
    nickname: teenGiver.nickname,
    cap: teenGiver.cap,
    visibleToAdults: true,
  });
  expect(visible.status).toBe(200);
  expect(await holderSeen(adult, album.id, '2', teenGiver)).toMatchObject({ inRegalo: false });

  // A sticker taken off: the album is no longer complete and the gift waits until it is again.
  await giver.api.post('/api/user/stickers/bulk', { albumId: album.id, numbers: '3', status: 'no' });
  expect(await holderSeen(adult, album.id, '2', giver)).toMatchObject({ inRegalo: false });
  expect(await giver.api.get(`/api/user/albums/${album.id}/in-regalo`)).toMatchObject({
    body: { inRegalo: true },
  });
  await giver.api.post('/api/user/stickers/bulk', { albumId: album.id, numbers: '3', status: 'yes' });
  expect(await holderSeen(adult, album.id, '2', giver)).toMatchObject({ inRegalo: true });
});

test('a gift asked for, accepted and confirmed by both: both albums change, both may rate', async () => {
  const album = await createAlbum(server.databaseUrl, { stickers: 5 });
  const bruno = await collectorIn(album.id, { yes: '1-5', double: '3, 4' });
  const anna = await collectorIn(album.id, { yes: '1, 2' });
  const teen = await collectorIn(album.id, { yes: '1' }, teenBirth);
  const ask = (from: Collector, receive: string[]) =>
    from.api.post<SwapView & { message?: string }>('/api/swaps', {
      toUserId: bruno.id,
      albumId: album.id,
      give: [],
      receive,
    });

  // Giving nothing is a gift's proposal only: the doubles in regalo, between collectors of one side.
  expect(await ask(anna, ['3'])).toMatchObject({ status: 400, body: { message: GIVE_REQUIRED } });
  expect((await inRegalo(bruno, album.id, true)).status).toBe(200);
  expect(await ask(teen, ['3'])).toMatchObject({ status: 400, body: { message: GIVE_REQUIRED } });
  expect(await ask(anna, [])).toMatchObject({
    status: 400,
    body: { message: 'Indica almeno una figurina che ricevi' },
  });

  const asked = await ask(anna, ['3']);
  expect(asked).toMatchObject({
    status: 201,
    body: { status: 'proposto', give: [], receive: [{ number: '3', name: 'Giocatore 3' }] },
  });
  const id = asked.body.id;
  expect((await bruno.api.get<SwapView>(`/api/swaps/${id}`)).body).toMatchObject({
    give: [],
    receive: [{ number: '3' }],
  });
  const accepted = await bruno.api.post<SwapView>(`/api/swaps/${id}/accept`);
  expect(accepted).toMatchObject({ status: 200, body: { status: 'accettato' } });
  // The double given is held for Anna: nobody else may ask for it meanwhile.
  const other = await collectorIn(album.id, { yes: '1' });
  expect(await holderSeen(other, album.id, '3', bruno)).toBeUndefined();

  expect((await anna.api.post(`/api/swaps/${id}/confirm`)).body).toMatchObject({ status: 'accettato' });
  const done = await bruno.api.post<SwapView>(`/api/swaps/${id}/confirm`);
  expect(done).toMatchObject({ status: 200, body: { status: 'completato' } });
  expect(await statuses(anna, album)).toEqual({ 1: 'yes', 2: 'yes', 3: 'yes' });
  expect(await statuses(bruno, album)).toEqual({ 1: 'yes', 2: 'yes', 3: 'yes', 4: 'double×1', 5: 'yes' });

  expect((await anna.api.post(`/api/swaps/${id}/rating`, { stars: 5 })).status).toBe(200);
  expect((await bruno.api.post(`/api/swaps/${id}/rating`, { stars: 5 })).status).toBe(200);
  expect(await anna.api.get(`/api/swaps?withUserId=${bruno.id}`)).toMatchObject({
    body: [{ id, status: 'completato', give: [], receive: [{ number: '3' }] }],
  });
  expect(await bruno.api.get(`/api/user/albums/${album.id}/completed-swaps`)).toMatchObject({
    body: { count: 1 },
  });
});

test('a proposal of nothing to a collector I may not swap with is refused alike, whether or not their doubles are in regalo', async () => {
  const album = await createAlbum(server.databaseUrl, { stickers: 3 });
  const giving = await collectorIn(album.id, { yes: '1-3', double: '2' });
  const keeping = await collectorIn(album.id, { yes: '1-3', double: '2' });
  expect((await inRegalo(giving, album.id, true)).status).toBe(200);
  // Rome, far past the search's largest radius from both (Milan): nobody this stranger may swap with.
  const stranger = await registeredUser(server.url, { cap: '00184' });
  const ask = (to: Collector) =>
    stranger.api.post<{ message?: string }>('/api/swaps', {
      toUserId: to.id,
      albumId: album.id,
      give: [],
      receive: ['2'],
    });
  const toGiving = await ask(giving);
  const toKeeping = await ask(keeping);
  expect(toGiving.status).toBe(403);
  // The same answer: a 400 'give something' for one and not the other would say who gives away.
  expect({ status: toKeeping.status, body: toKeeping.body }).toEqual({
    status: toGiving.status,
    body: toGiving.body,
  });
});
