import { expect, test } from 'vitest';
import { apiClient, registeredUser } from '../../test/support/api-client.ts';
import { createAlbum } from '../../test/support/catalogue.ts';
import { setUpServerWithAdmin } from '../../test/support/server-with-admin.ts';
import { sql } from '../../test/support/sql.ts';
import { LAST_ACCESS_STEP_MINUTES } from '../server/auth/last-access.ts';

const { server, admin } = setUpServerWithAdmin();

/** 'Ultimo accesso' as the admin's users list gives it. */
async function lastAccessOf(nickname: string) {
  const response = await admin.get<{ username: string; last_login: string | null }[]>(
    `/api/admin/users?search=${nickname}`,
  );
  const user = response.body.find((row) => row.username === nickname);
  if (!user) throw new Error(`${nickname} is not in the users list`);
  return user.last_login === null ? null : Date.parse(user.last_login);
}

/** Moves a user's recorded last access this many minutes into the past; returns it as epoch ms. */
async function setLastAccessMinutesAgo(userId: number, minutes: number) {
  const [row] = await sql<{ at: Date }>(
    server.databaseUrl,
    `update app_user set last_login_at = now() - $2::float * interval '1 minute' where id = $1
     returning last_login_at as at`,
    [userId, minutes],
  );
  return row?.at.getTime() ?? Number.NaN;
}

test('registering counts as an access: the new collector is not shown as never seen', async () => {
  const before = Date.now();
  const anna = await registeredUser(server.url);
  const seen = await lastAccessOf(anna.nickname);
  expect(seen).not.toBeNull();
  expect(seen).toBeGreaterThanOrEqual(before - 1000);
});

test('a collector who keeps using the app through their session is seen again', async () => {
  const bruno = await registeredUser(server.url);
  await setLastAccessMinutesAgo(bruno.id, 2 * 24 * 60);
  const before = Date.now();
  expect((await bruno.api.get('/api/albums')).status).toBe(200);
  expect(await lastAccessOf(bruno.nickname)).toBeGreaterThanOrEqual(before - 1000);
});

test('a sticker tap is an access too (the tap checks its session in its own statement)', async () => {
  const elena = await registeredUser(server.url);
  const album = await createAlbum(server.databaseUrl, { stickers: 2 });
  const [first, second] = album.stickers;
  await setLastAccessMinutesAgo(elena.id, 2 * 24 * 60);
  const before = Date.now();
  expect((await elena.api.put(`/api/user/stickers/${first?.id}`, { status: 'yes' })).status).toBe(200);
  const seen = await lastAccessOf(elena.nickname);
  expect(seen).toBeGreaterThanOrEqual(before - 1000);

  const recorded = await setLastAccessMinutesAgo(elena.id, LAST_ACCESS_STEP_MINUTES / 2);
  expect((await elena.api.put(`/api/user/stickers/${second?.id}`, { status: 'yes' })).status).toBe(200);
  expect(await lastAccessOf(elena.nickname)).toBe(recorded);
});

test(`within ${LAST_ACCESS_STEP_MINUTES} minutes of the last one, requests write nothing`, async () => {
  const carla = await registeredUser(server.url);
  const recorded = await setLastAccessMinutesAgo(carla.id, LAST_ACCESS_STEP_MINUTES / 2);
  expect((await carla.api.get('/api/albums')).status).toBe(200);
  expect((await carla.api.get('/api/auth/me')).status).toBe(200);
  expect(await lastAccessOf(carla.nickname)).toBe(recorded);
});

test('a login records the access at once, and a stranger’s request records nothing', async () => {
  const dario = await registeredUser(server.url);
  await setLastAccessMinutesAgo(dario.id, 1);
  const before = Date.now();
  const again = apiClient(server.url);
  expect(
    (await again.post('/api/auth/login', { nickname: dario.nickname, password: dario.password })).status,
  ).toBe(200);
  expect(await lastAccessOf(dario.nickname)).toBeGreaterThanOrEqual(before - 1000);

  const recorded = await setLastAccessMinutesAgo(dario.id, 2 * 24 * 60);
  expect((await apiClient(server.url).get('/api/albums')).status).toBe(401);
  expect(await lastAccessOf(dario.nickname)).toBe(recorded);
});
