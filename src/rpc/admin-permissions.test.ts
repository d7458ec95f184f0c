import { expect, test } from 'vitest';
import { apiClient, registeredUser } from '../../test/support/api-client.ts';
import { createAlbum } from '../../test/support/catalogue.ts';
import { setUpServerWithAdmin } from '../../test/support/server-with-admin.ts';
import { restRoutes } from '../server/http/rest-routes.ts';

const { server, admin } = setUpServerWithAdmin();

const isAdminCall = (procedure: string) =>
  procedure.startsWith('admin.') ||
  procedure.startsWith('settings.') ||
  (procedure.startsWith('stickers.') && procedure !== 'stickers.list') ||
  [
    'albums.create',
    'albums.update',
    'albums.delete',
    'albums.reorder',
    'users.list',
    'users.counts',
    'users.toggleStatus',
    'users.setPremium',
  ].includes(procedure);

test('every admin call: 401 for anonymous callers, 403 for collectors, never run for either', async () => {
  const album = await createAlbum(server.databaseUrl, { name: 'Intoccabile', stickers: 2 });
  const anonymous = apiClient(server.url);
  const collector = await registeredUser(server.url);
  const adminRoutes = restRoutes.filter((route) => isAdminCall(route.procedure));
  expect(adminRoutes.length).toBeGreaterThanOrEqual(17);
  for (const route of adminRoutes) {
    const path = route.path
      .replace(':albumId', String(album.id))
      .replace(':stickerId', String(album.stickers[0]?.id))
      .replace(':id', String(album.id));
    const body = route.method === 'GET' ? undefined : {};
    expect(
      await anonymous.request(route.method, path, { json: body }),
      `${route.method} ${route.path}`,
    ).toMatchObject({ status: 401, body: { message: "Devi effettuare l'accesso" } });
    expect(
      await collector.api.request(route.method, path, { json: body }),
      `${route.method} ${route.path}`,
    ).toMatchObject({ status: 403, body: { message: 'Operazione riservata agli amministratori' } });
  }
  const albums = (await admin.get<{ id: number; name: string; stickerCount: number }[]>('/api/albums')).body;
  expect(albums.find((candidate) => candidate.id === album.id)).toMatchObject({
    name: 'Intoccabile',
    stickerCount: 2,
  });
});

test('the same refusals through tRPC', async () => {
  const collector = await registeredUser(server.url);
  const response = await collector.api.request('POST', '/trpc/albums.create', {
    json: { name: 'Pirata', year: 2025, stickerCount: 1 },
  });
  expect(response.status).toBe(403);
});
