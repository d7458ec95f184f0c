import { expect, test } from 'vitest';
import { registeredUser } from '../../test/support/api-client.ts';
import { setUpServerWithAdmin } from '../../test/support/server-with-admin.ts';

const { server, admin } = setUpServerWithAdmin();

type Sticker = { id: number; number: string; name: string };

async function emptyAlbum() {
  const response = await admin.post<{ id: number }>('/api/albums', { name: `Ordine ${Math.random()}` });
  expect(response.status).toBe(200);
  return response.body.id;
}

async function importNumbers(albumId: number, numbers: string[]) {
  const stickers = numbers.map((number) => ({ number, name: `Figurina ${number}` }));
  expect((await admin.post(`/api/albums/${albumId}/stickers/bulk`, { stickers })).status).toBe(200);
}

const stickersOf = async (albumId: number) =>
  (await admin.get<Sticker[]>(`/api/albums/${albumId}/stickers`)).body;
const numbersOf = async (albumId: number) => (await stickersOf(albumId)).map((sticker) => sticker.number);

test("stickers keep the order the admin imported them in (the printed album's), later imports after", async () => {
  const albumId = await emptyAlbum();
  await importNumbers(albumId, ['00', '1', 'ITA 2', 'ITA 10', '2', '10']);
  await importNumbers(albumId, ['FWC 1', '1', '3']);
  expect(await numbersOf(albumId)).toEqual(['00', '1', 'ITA 2', 'ITA 10', '2', '10', 'FWC 1', '3']);
});

test("the admin's new order is saved and nobody's marks move with it", async () => {
  const albumId = await emptyAlbum();
  await importNumbers(albumId, ['1', '2', '3', '4']);
  const collector = await registeredUser(server.url);
  const mark = (numbers: string, status: string) =>
    collector.api.post('/api/user/stickers/bulk', { albumId, numbers, status });
  expect((await mark('1', 'yes')).status).toBe(200);
  expect((await mark('3', 'double')).status).toBe(200);
  const before = await stickersOf(albumId);
  const marksBefore = (await collector.api.get(`/api/user/stickers/${albumId}`)).body;

  const reversed = [...before].reverse().map((sticker) => ({ id: sticker.id }));
  const saved = await admin.put(`/api/albums/${albumId}/stickers/order`, { stickers: reversed });
  expect(saved.status).toBe(200);
  expect(await numbersOf(albumId)).toEqual(['4', '3', '2', '1']);
  expect((await collector.api.get(`/api/user/stickers/${albumId}`)).body).toEqual(marksBefore);

  // A list that does not name every sticker of the album exactly once is refused, and nothing changes.
  const refused = await admin.put(`/api/albums/${albumId}/stickers/order`, { stickers: reversed.slice(1) });
  expect(refused).toMatchObject({ status: 409, body: { message: expect.stringContaining('ricarica') } });
  expect(await numbersOf(albumId)).toEqual(['4', '3', '2', '1']);
  const collectorTry = await collector.api.put(`/api/albums/${albumId}/stickers/order`, {
    stickers: reversed,
  });
  expect(collectorTry.status).toBe(403);
});
