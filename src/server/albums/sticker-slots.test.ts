import { afterAll, beforeAll, expect, test } from 'vitest';
import { registeredUser } from '../../../test/support/api-client.ts';
import { createAlbum } from '../../../test/support/catalogue.ts';
import { startTestServer, type TestServer } from '../../../test/support/test-server.ts';
import { Album } from '../db/entities/album.ts';
import { openDatabase } from '../db/orm.ts';
import { addStickers } from './sticker-slots.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

test('adding stickers past the bitmap capacity grows every collection and keeps every mark', async () => {
  const album = await createAlbum(server.databaseUrl, { stickers: 250 });
  const user = await registeredUser(server.url);
  const first = album.stickers[0]?.id as number;
  const last = album.stickers[249]?.id as number;
  await user.api.put(`/api/user/stickers/${first}`, { status: 'yes' });
  await user.api.put(`/api/user/stickers/${last}`, { status: 'double' });

  const orm = await openDatabase(server.databaseUrl);
  try {
    await orm.em.fork().transactional(async (em) => {
      const managed = await em.findOneOrFail(Album, album.id);
      const more = Array.from({ length: 300 }, (_, i) => ({ number: `N${i + 1}`, name: `Nuova ${i + 1}` }));
      await addStickers(em, managed, more);
    });
    const [row] = await orm.em
      .fork()
      .execute<{ owned: number; doubles: number }[]>(
        'select length(owned) as owned, length(doubles) as doubles from collection where album_id = ?',
        [album.id],
      );
    expect(row).toEqual({ owned: 768, doubles: 768 });
  } finally {
    await orm.close();
  }

  const stickers = (await user.api.get<{ id: number; number: string }[]>(`/api/albums/${album.id}/stickers`))
    .body;
  expect(stickers).toHaveLength(550);
  const newest = stickers.find((sticker) => sticker.number === 'N300')?.id as number;
  await user.api.put(`/api/user/stickers/${newest}`, { status: 'double' });
  const records = (
    await user.api.get<{ stickerId: number; status: string }[]>(`/api/user/stickers/${album.id}`)
  ).body;
  expect(records.map(({ stickerId, status }) => [stickerId, status])).toEqual([
    [first, 'yes'],
    [last, 'double'],
    [newest, 'double'],
  ]);
});
