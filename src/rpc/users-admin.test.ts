import { expect, test } from 'vitest';
import { apiClient, registeredUser } from '../../test/support/api-client.ts';
import { setUpServerWithAdmin } from '../../test/support/server-with-admin.ts';

const { server, admin } = setUpServerWithAdmin();

type AdminUser = {
  id: number;
  username: string;
  is_active: boolean;
  last_login: string | null;
  isPremium: boolean;
};

test('the users list gives the admin fields, newest first, and searches by nickname', async () => {
  const anna = await registeredUser(server.url, { nickname: 'ANNALIST' });
  const response = await admin.get<AdminUser[]>('/api/admin/users');
  expect(response.status).toBe(200);
  expect(response.body[0]).toEqual({
    id: anna.id,
    username: 'ANNALIST',
    email: null,
    is_active: true,
    created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    last_login: expect.stringMatching(/^\d{4}-\d\d-\d\dT/), // registering is an access
    isPremium: false,
    isAdmin: false,
    cap: '20121',
    isDemo: false,
    ageBand: '18+',
    minorContactSuspended: false,
    parent: null,
  });
  const found = await admin.get<AdminUser[]>('/api/admin/users?search=nnali');
  expect(found.body.map((user) => user.username)).toEqual(['ANNALIST']);
  expect((await admin.get<AdminUser[]>('/api/admin/users?search=%25')).body).toEqual([]);
  expect(await admin.get(`/api/admin/users?search=${'x'.repeat(51)}`)).toMatchObject({ status: 400 });
});

test('deactivating ends the sessions at once and blocks login; reactivating lets them back', async () => {
  const bruno = await registeredUser(server.url);
  const counts = (
    await admin.get<{ total: number; active: number; inactive: number }>('/api/admin/users/counts')
  ).body;
  expect(await bruno.api.get('/api/auth/me')).toMatchObject({ status: 200 });

  expect(await admin.patch(`/api/admin/users/${bruno.id}/toggle-status`, { is_active: false })).toMatchObject(
    {
      status: 200,
      body: { id: bruno.id, is_active: false },
    },
  );
  expect(await bruno.api.get('/api/auth/me')).toMatchObject({ status: 401 });
  const again = apiClient(server.url);
  expect(
    await again.post('/api/auth/login', { nickname: bruno.nickname, password: bruno.password }),
  ).toMatchObject({
    status: 403,
  });
  expect((await admin.get('/api/admin/users/counts')).body).toEqual({
    total: counts.total,
    active: counts.active - 1,
    inactive: counts.inactive + 1,
  });

  await admin.patch(`/api/admin/users/${bruno.id}/toggle-status`, { is_active: true });
  expect(
    await again.post('/api/auth/login', { nickname: bruno.nickname, password: bruno.password }),
  ).toMatchObject({
    status: 200,
  });
});

test('an admin cannot deactivate themself; unknown users and bad bodies are refused', async () => {
  const me = (await admin.get<{ id: number }>('/api/auth/me')).body;
  expect(await admin.patch(`/api/admin/users/${me.id}/toggle-status`, { is_active: false })).toMatchObject({
    status: 400,
    body: { message: 'Non puoi disattivare il tuo account' },
  });
  expect(await admin.patch('/api/admin/users/99999999/toggle-status', { is_active: false })).toMatchObject({
    status: 404,
    body: { message: 'Utente non trovato' },
  });
  expect(await admin.patch(`/api/admin/users/${me.id}/toggle-status`, { is_active: 'no' })).toMatchObject({
    status: 400,
    body: { message: 'Indica se attivare o disattivare (is_active)' },
  });
  expect(await admin.get('/api/auth/me')).toMatchObject({ status: 200 });
});

test('premium can be granted and removed, and the collector sees it', async () => {
  const carla = await registeredUser(server.url);
  expect(await admin.patch(`/api/admin/users/${carla.id}/premium`, { isPremium: true })).toMatchObject({
    status: 200,
    body: { isPremium: true },
  });
  expect((await carla.api.get('/api/auth/me')).body).toMatchObject({ isPremium: true });
  await admin.patch(`/api/admin/users/${carla.id}/premium`, { isPremium: false });
  expect((await carla.api.get('/api/auth/me')).body).toMatchObject({ isPremium: false });
});

test('the dashboard counts collectors and albums', async () => {
  const before = (await admin.get<{ totalUsers: number; activeAlbums: number }>('/api/admin/stats')).body;
  await registeredUser(server.url);
  await admin.post('/api/albums', { name: 'Conta', year: 2025, stickerCount: 1 });
  expect((await admin.get('/api/admin/stats')).body).toEqual({
    totalUsers: before.totalUsers + 1,
    activeAlbums: before.activeAlbums + 1,
    pendingReports: 0,
  });
});
