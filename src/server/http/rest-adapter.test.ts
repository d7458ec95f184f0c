import { expect, test } from 'vitest';
import { createAlbum } from '../../../test/support/catalogue.ts';
import { setUpServerWithAdmin } from '../../../test/support/server-with-admin.ts';

const { server, admin } = setUpServerWithAdmin();

test('a body cannot redirect a call to another album than the one in the path', async () => {
  const target = await createAlbum(server.databaseUrl, { stickers: 5 });
  const decoy = await createAlbum(server.databaseUrl, { stickers: 3 });
  const response = await admin.delete(`/api/albums/${decoy.id}/stickers`, { albumId: target.id });
  expect(response).toMatchObject({
    status: 400,
    body: { message: 'Richiesta non valida: «albumId» è già indicato nel percorso e non può essere diverso' },
  });
  const missing = await admin.delete('/api/albums/999999/stickers', { albumId: target.id });
  expect(missing.status).toBe(400);
  const stickers = await admin.get<unknown[]>(`/api/albums/${target.id}/stickers`);
  expect(stickers.body).toHaveLength(5);
  const decoyStickers = await admin.get<unknown[]>(`/api/albums/${decoy.id}/stickers`);
  expect(decoyStickers.body).toHaveLength(3);
});

test('a query string cannot override a path parameter either; the same value is fine', async () => {
  const album = await createAlbum(server.databaseUrl, { stickers: 2 });
  const other = await createAlbum(server.databaseUrl, { stickers: 4 });
  const overridden = await admin.get(`/api/albums/${album.id}/stickers?albumId=${other.id}`);
  expect(overridden.status).toBe(400);
  const same = await admin.get<unknown[]>(`/api/albums/${album.id}/stickers?albumId=${album.id}`);
  expect(same).toMatchObject({ status: 200 });
  expect(same.body).toHaveLength(2);
});
