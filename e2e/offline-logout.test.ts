import type { BrowserContext, Page } from 'playwright-core';
import { beforeAll, expect, test } from 'vitest';
import { apiClient, registeredUser } from '../test/support/api-client.ts';
import { createAlbum, type TestAlbum } from '../test/support/catalogue.ts';
import { loginThroughUi, pathOf } from './support/browser.ts';
import { setUpE2eApp } from './support/e2e-app.ts';
import { keptOnDevice } from './support/kept-on-device.ts';

/*
 * 'Esci' with no signal: the device is logged out at once (nothing of the collector stays on it, not
 * even after a reload) and the server's session ends when the connection returns, even if the app was
 * closed meanwhile. Taps still waiting are counted first: wait for them, or drop them.
 */
const { server, newPhone } = setUpE2eApp();
let album: TestAlbum;
beforeAll(async () => {
  album = await createAlbum(server.databaseUrl, { name: 'Edicola Esci', stickers: 4 });
});

type Collector = Awaited<ReturnType<typeof registeredUser>>;

const row = (page: Page, shown: string) =>
  page
    .getByRole('list', { name: 'Figurine' })
    .getByRole('listitem')
    .filter({ has: page.getByText(shown, { exact: true }) });
const logoutButton = (page: Page) => page.getByRole('button', { name: 'Esci', exact: true });

/** A collector with the album opened once online (kept on the device), the service worker in control. */
async function collectorWithAlbumOpened() {
  const user = await registeredUser(server.url);
  const { context, page } = await newPhone(undefined, { serviceWorkers: 'allow' });
  await loginThroughUi(page, user);
  await page.evaluate(() => navigator.serviceWorker.ready);
  await page.goto(`/album/${album.id}`);
  await row(page, '001').waitFor();
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
  await expect.poll(() => keptOnDevice(page)).toContain(album.name);
  return { user, context, page };
}

/** The /api/auth/me status with the browser's session cookie as it was before 'Esci'. */
async function browserSession(context: BrowserContext) {
  const cookie = (await context.cookies()).find((each) => each.name === 'sf_session');
  const api = apiClient(server.url);
  api.cookie = `sf_session=${cookie?.value}`;
  return async () => (await api.get('/api/auth/me')).status;
}

async function openProfile(page: Page) {
  await page.getByRole('navigation', { name: 'Navigazione principale' }).getByText('Profilo').click();
  await logoutButton(page).waitFor();
}

async function serverMarks(user: Collector) {
  const response = await user.api.get<{ stickerId: number; status: string }[]>(
    `/api/user/stickers/${album.id}`,
  );
  return Object.fromEntries(response.body.map((mark) => [mark.stickerId, mark.status]));
}

/** Three offline taps ("Ce l'ho" on 001–003), then the profile. */
async function tapThreeOfflineThenOpenProfile(page: Page, context: BrowserContext) {
  await context.setOffline(true);
  for (const shown of ['001', '002', '003']) {
    await row(page, shown).getByRole('button', { name: "Ce l'ho", exact: true }).click();
  }
  await page.getByText('3 modifiche da sincronizzare').waitFor();
  await openProfile(page);
}

const owned = (stickers: TestAlbum['stickers']) =>
  Object.fromEntries(stickers.map((sticker) => [sticker.id, 'yes']));

test("'Esci' offline shows /login at once, keeps nothing on the device, and ends the server session once online", async () => {
  const { context, page } = await collectorWithAlbumOpened();
  const oldSession = await browserSession(context);
  await openProfile(page);
  await context.setOffline(true);

  await logoutButton(page).click();
  await page.waitForURL('**/login', { timeout: 2_000 });
  await page.getByRole('button', { name: 'Accedi' }).waitFor();
  await expect.poll(() => keptOnDevice(page)).not.toContain(album.name);

  // Still offline: a reload, or the album's address, shows the login screen and nothing of the album.
  await page.reload();
  await page.getByRole('button', { name: 'Accedi' }).waitFor();
  await page.goto(`/album/${album.id}`);
  await page.waitForURL('**/login');
  await page.getByRole('button', { name: 'Accedi' }).waitFor();
  expect(await page.getByText(album.name).count()).toBe(0);
  // The server has heard nothing yet.
  expect(await oldSession()).toBe(200);

  await context.setOffline(false);
  await expect.poll(oldSession).toBe(401);
  expect(pathOf(page)).toBe('/login');
  await context.close();
});

test('a logout made offline survives closing the app: opened again online, it is /login and the session ends', async () => {
  const { context, page } = await collectorWithAlbumOpened();
  const oldSession = await browserSession(context);
  await openProfile(page);
  await context.setOffline(true);
  await logoutButton(page).click();
  await page.waitForURL('**/login');
  await page.close();

  await context.setOffline(false);
  const again = await context.newPage();
  await again.goto('/');
  await again.waitForURL('**/login');
  await again.getByRole('button', { name: 'Accedi' }).waitFor();
  await expect.poll(oldSession).toBe(401);
  await context.close();
});

test("with taps waiting, 'Esci' says how many; 'Aspetta l'invio' logs out once the server has them", async () => {
  const { user, context, page } = await collectorWithAlbumOpened();
  const oldSession = await browserSession(context);
  await tapThreeOfflineThenOpenProfile(page, context);

  await logoutButton(page).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByText('3 modifiche non ancora inviate').waitFor();
  await dialog.getByRole('button', { name: "Aspetta l'invio" }).click();
  // Offline the collector stays logged in while the taps wait.
  await dialog.getByText('Torna la connessione').waitFor();
  expect(pathOf(page)).toBe('/profile');

  await context.setOffline(false);
  await page.waitForURL('**/login');
  expect(await serverMarks(user)).toEqual(owned(album.stickers.slice(0, 3)));
  await expect.poll(oldSession).toBe(401);
  await context.close();
});

test("with taps waiting, 'Esci e scarta' logs out at once and the taps are never sent", async () => {
  const { user, context, page } = await collectorWithAlbumOpened();
  const oldSession = await browserSession(context);
  await tapThreeOfflineThenOpenProfile(page, context);

  await logoutButton(page).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Esci e scarta' }).click();
  await page.waitForURL('**/login', { timeout: 2_000 });
  // The last tap's 'Annulla' leaves with the collector.
  await expect.poll(() => page.getByRole('button', { name: 'Annulla' }).count()).toBe(0);

  await context.setOffline(false);
  await expect.poll(oldSession).toBe(401);
  // Logged in again on this device: nothing of the dropped taps is waiting or sent.
  await loginThroughUi(page, user);
  await page.goto(`/album/${album.id}`);
  await row(page, '001').waitFor();
  expect(await page.getByText('modifiche da sincronizzare').count()).toBe(0);
  expect(await serverMarks(user)).toEqual({});
  await context.close();
});

test('a logout made offline that reaches the server after a new login ends the old session only', async () => {
  const user = await registeredUser(server.url);
  const { context, page } = await newPhone();
  await loginThroughUi(page, user);
  const oldSession = await browserSession(context);
  await openProfile(page);
  await context.setOffline(true);
  await logoutButton(page).click();
  await page.waitForURL('**/login');

  // Back online, the logout gets no answer while the collector logs in again on this phone.
  let refused = 0;
  await page.route('**/trpc/auth.logout*', (route) => {
    refused += 1;
    return route.abort('internetdisconnected');
  });
  await context.setOffline(false);
  await expect.poll(() => refused).toBeGreaterThan(0);
  await loginThroughUi(page, user);
  const newSession = await browserSession(context);

  // The logout goes out now, with the new cookie: it names the old session.
  await page.unroute('**/trpc/auth.logout*');
  await page.reload();
  await expect.poll(oldSession).toBe(401);
  expect(await newSession()).toBe(200);
  await openProfile(page);
  expect(pathOf(page)).toBe('/profile');
  await context.close();
});
