import { afterAll, beforeAll, expect, test } from 'vitest';
import { registeredUser } from '../../test/support/api-client.ts';
import { createAlbum, type TestAlbum } from '../../test/support/catalogue.ts';
import { startTestServer, type TestServer } from '../../test/support/test-server.ts';

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

test('the server reads fast entry as the app does: spaces and new lines separate, letters bind to the number after them', async () => {
  const user = await registeredUser(server.url);
  const response = await user.api.post('/api/user/stickers/bulk', {
    albumId: album.id,
    numbers: '11-13 15\n17;ita3 SPE 1 abc',
    status: 'yes',
  });
  expect(response).toMatchObject({ status: 200, body: { updated: 7, unknown: ['abc'], unknownCount: 1 } });
  const records = await user.api.get<{ stickerId: number; status: string }[]>(
    `/api/user/stickers/${album.id}`,
  );
  expect(Object.fromEntries(records.body.map((record) => [record.stickerId, record.status]))).toEqual(
    Object.fromEntries(
      ['11', '12', '13', '15', '17', 'ITA 3', 'SPE 1'].map((number) => [idOf(number), 'yes']),
    ),
  );
});
