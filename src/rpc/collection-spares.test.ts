import { afterAll, beforeAll, expect, test } from 'vitest';
import { registeredUser } from '../../test/support/api-client.ts';
import { createAlbum, type TestAlbum } from '../../test/support/catalogue.ts';
import { startTestServer, type TestServer } from '../../test/support/test-server.ts';

// One mark rule on every path (docs/decisions/023): a double marked 'double' again without a count keeps
// its spares, whether by a tap, taps batched in one request, or fast entry by number or by id.

let server: TestServer;
let album: TestAlbum;
beforeAll(async () => {
  server = await startTestServer();
  album = await createAlbum(server.databaseUrl, { stickers: 10 });
});
afterAll(() => server.close());

const idOf = (number: string) => album.stickers.find((sticker) => sticker.number === number)?.id as number;

async function doubleWithThreeSpares(number: string) {
  const user = await registeredUser(server.url);
  const response = await user.api.put(`/api/user/stickers/${idOf(number)}`, { status: 'double', spares: 3 });
  expect(response).toMatchObject({ status: 200, body: { status: 'double', spares: 3 } });
  return user;
}

async function sparesOf(user: Awaited<ReturnType<typeof registeredUser>>, number: string) {
  const records = await user.api.get<{ stickerId: number; status: string; spares?: number }[]>(
    `/api/user/stickers/${album.id}`,
  );
  const record = records.body.find((candidate) => candidate.stickerId === idOf(number));
  return record && { status: record.status, spares: record.spares };
}

test("PUT 'double' on a double with 3 spares keeps the 3 spares", async () => {
  const user = await doubleWithThreeSpares('1');
  expect(await user.api.put(`/api/user/stickers/${idOf('1')}`, { status: 'double' })).toMatchObject({
    status: 200,
    body: { status: 'double', spares: 3 },
  });
  expect(await sparesOf(user, '1')).toEqual({ status: 'double', spares: 3 });
});

test("'double' in taps batched in one request keeps the spares too", async () => {
  const user = await doubleWithThreeSpares('2');
  const response = await user.api.post<{ result: { data: { status: string; spares?: number } } }[]>(
    '/trpc/collection.setStatus,collection.setStatus?batch=1',
    {
      0: { stickerId: idOf('2'), status: 'double', tappedAt: Date.now() },
      1: { stickerId: idOf('3'), status: 'double', tappedAt: Date.now() },
    },
  );
  expect(response.body.map((answer) => answer.result.data)).toMatchObject([
    { status: 'double', spares: 3 },
    { status: 'double', spares: 1 },
  ]);
  expect(await sparesOf(user, '2')).toEqual({ status: 'double', spares: 3 });
});

test("fast entry of 'double', by number or by id, keeps the spares; a count typed with the number sets them", async () => {
  const user = await doubleWithThreeSpares('4');
  await user.api.put(`/api/user/stickers/${idOf('5')}`, { status: 'double', spares: 4 });
  expect(
    await user.api.post('/api/user/stickers/bulk', {
      albumId: album.id,
      numbers: '4, 5x2',
      status: 'double',
    }),
  ).toMatchObject({ status: 200, body: { updated: 2 } });
  expect(await sparesOf(user, '4')).toEqual({ status: 'double', spares: 3 });
  expect(await sparesOf(user, '5')).toEqual({ status: 'double', spares: 2 });

  await user.api.post('/api/user/stickers/bulk', {
    albumId: album.id,
    stickerIds: [idOf('4')],
    status: 'double',
  });
  expect(await sparesOf(user, '4')).toEqual({ status: 'double', spares: 3 });
});

test('a sticker that stops being a double starts again from one spare', async () => {
  const user = await doubleWithThreeSpares('6');
  await user.api.put(`/api/user/stickers/${idOf('6')}`, { status: 'yes' });
  expect(await user.api.put(`/api/user/stickers/${idOf('6')}`, { status: 'double' })).toMatchObject({
    body: { status: 'double', spares: 1 },
  });
});
