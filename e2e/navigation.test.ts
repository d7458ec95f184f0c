import type { Page } from 'playwright-core';
import { beforeAll, expect, test } from 'vitest';
import { apiClient, registeredUser } from '../test/support/api-client.ts';
import { createAlbum, type TestAlbum } from '../test/support/catalogue.ts';
import { setUpAdmin } from './support/admin-login.ts';
import { holdTrpcCalls, pathOf } from './support/browser.ts';
import { setUpE2eApp } from './support/e2e-app.ts';

// Where the app takes you: the guard of the user paths, the addresses of screens, errors, an ended session.

const app = setUpE2eApp();
const { server, newPhone, phoneOf } = app;
const { admin } = setUpAdmin(app);
let album: TestAlbum;
beforeAll(async () => {
  album = await createAlbum(server.databaseUrl, { name: 'Navigazione', stickers: 4 });
});

const onPath = (path: string) => (url: URL) => url.pathname === path;

/** A browser context on a phone, logged in (by cookie) as a fresh collector; nothing opened yet. */
async function loggedInPhone() {
  const user = await registeredUser(server.url);
  const { context, page } = await phoneOf(user);
  return { context, page, user };
}

async function expectLoginScreen(page: Page) {
  await page.waitForURL(onPath('/login'));
  await page.getByRole('button', { name: 'Accedi' }).waitFor();
  await expect.poll(() => page.getByLabel('Nickname').isVisible()).toBe(true);
}

test('a stranger is sent to /login from every user path and from unknown ones', async () => {
  const { context, page } = await newPhone();
  for (const path of [
    '/',
    '/dashboard',
    '/profile',
    '/match',
    '/album',
    '/chat/1',
    '/qualcosa',
    '/chat/1/extra',
  ]) {
    await page.goto(path);
    await expectLoginScreen(page);
    expect(pathOf(page), `from ${path}`).toBe('/login');
  }
  await context.close();
});

test("while asking who is here the guard shows 'Caricamento...' and decides only after the answer", async () => {
  const { context, page } = await newPhone();
  const me = await holdTrpcCalls(page, 'auth.session');
  try {
    await page.goto('/profile');
    const loader = page.getByRole('status').filter({ hasText: 'Caricamento...' });
    await loader.waitFor();
    await expect.poll(() => me.held).toBe(1);
    expect(pathOf(page)).toBe('/profile');
    expect(await page.getByRole('button', { name: 'Accedi' }).count()).toBe(0);
  } finally {
    me.release();
  }
  await expectLoginScreen(page);
  expect(await page.getByText('Caricamento...').count()).toBe(0);
  await context.close();
});

test('/admin is not guarded: a stranger stays there and sees the admin screen', async () => {
  const { context, page } = await newPhone();
  for (const path of ['/admin', '/admin/utenti']) {
    await page.goto(path);
    await page.getByRole('heading', { name: 'Serve un computer' }).waitFor();
    expect(pathOf(page), `on ${path}`).toBe(path);
    expect(await page.getByLabel('Nickname').count()).toBe(0);
  }
  await context.close();
});

test('a logged-in collector visiting /login or an unknown path is sent to Home', async () => {
  const { context, page, user } = await loggedInPhone();
  for (const path of ['/login', '/qualcosa', '/albumx', '/profile/extra']) {
    await page.goto(path);
    await page.waitForURL(onPath('/'));
    await page.getByRole('heading', { name: `Ciao, ${user.nickname}!` }).waitFor();
    expect(pathOf(page), `from ${path}`).toBe('/');
  }
  await context.close();
});

test('a logged-in collector stays on every known user path', async () => {
  const { context, page, user } = await loggedInPhone();
  const screens: [string, string][] = [
    ['/dashboard', `Ciao, ${user.nickname}!`],
    ['/album', 'Album'],
    ['/match', 'Trova Match'],
    ['/profile', 'Profilo'],
    ['/chat/1', 'Chat'],
  ];
  for (const [path, heading] of screens) {
    await page.goto(path);
    await page.getByRole('heading', { name: heading, exact: true }).waitFor();
    expect(pathOf(page), `on ${path}`).toBe(path);
  }
  await context.close();
});

test("a path the guard lets through but no route matches shows 'Page Not Found'", async () => {
  const { context, page, user } = await loggedInPhone();
  for (const path of ['/chat/1/extra', '/chat']) {
    await page.goto(path);
    await page.getByText('Page Not Found', { exact: true }).waitFor();
    expect(pathOf(page), `on ${path}`).toBe(path);
  }
  await page.getByRole('link', { name: 'Torna alla Home' }).click();
  await page.waitForURL(onPath('/'));
  // Home is a chunk of its own: the 404 stays until it has arrived.
  await page.getByRole('heading', { name: `Ciao, ${user.nickname}!` }).waitFor();
  expect(await page.getByText('Page Not Found').count()).toBe(0);
  await context.close();
});

// The addresses of screens, a screen's error, a session ended on the server.

const albumList = (page: Page) => page.getByRole('heading', { name: 'Album', exact: true });
const albumHeading = (page: Page) => page.getByRole('heading', { name: album.name, exact: true });
const filters = (page: Page) => page.getByRole('radiogroup', { name: 'Filtra le figurine' });
const checkedFilter = (page: Page, label: string) =>
  filters(page).getByRole('radio', { name: label, exact: true }).isChecked();
const filterParam = (page: Page) => new URL(page.url()).searchParams.get('filter');

test('an opened album has its own address, and Back brings the album list again', async () => {
  const { context, page } = await loggedInPhone();
  await page.goto('/album');
  await page.getByRole('button', { name: album.name }).click();
  await albumHeading(page).waitFor();
  expect(pathOf(page)).toBe(`/album/${album.id}`);

  await page.goBack();
  await albumList(page).waitFor();
  expect(pathOf(page)).toBe('/album');
  expect(await albumHeading(page).count()).toBe(0);
  await context.close();
});

test('a reload keeps the open album and its filter', async () => {
  const { context, page } = await loggedInPhone();
  await page.goto('/album');
  await page.getByRole('button', { name: album.name }).click();
  await albumHeading(page).waitFor();
  await filters(page).getByText('Mancanti', { exact: true }).click();
  await page.waitForURL((url) => url.searchParams.get('filter') === 'mancanti');

  await page.reload();
  await albumHeading(page).waitFor();
  expect(pathOf(page)).toBe(`/album/${album.id}`);
  expect(filterParam(page)).toBe('mancanti');
  expect(await checkedFilter(page, 'Mancanti')).toBe(true);
  // The filter replaced the address rather than adding to the history: Back goes to the list.
  await page.goBack();
  await albumList(page).waitFor();
  await context.close();
});

test('a link to an album with a filter opens it there', async () => {
  const { context, page } = await loggedInPhone();
  await page.goto(`/album/${album.id}?filter=doppie`);
  await albumHeading(page).waitFor();
  expect(await checkedFilter(page, 'Doppie')).toBe(true);
  await page.getByText('Non hai doppioni', { exact: true }).waitFor();
  // A filter the address does not know is no filter.
  await page.goto(`/album/${album.id}?filter=qualcosa`);
  await albumHeading(page).waitFor();
  expect(await checkedFilter(page, 'Tutte')).toBe(true);
  await context.close();
});

test("an album that does not exist says 'Album non trovato' and leads back to the list", async () => {
  const { context, page } = await loggedInPhone();
  await page.goto('/album/999999');
  await page.getByRole('heading', { name: 'Album non trovato' }).waitFor();
  expect(pathOf(page)).toBe('/album/999999');
  await page.getByRole('link', { name: 'Torna agli album' }).click();
  await albumList(page).waitFor();
  expect(pathOf(page)).toBe('/album');
  await context.close();
});

test("an error on a screen shows 'Qualcosa è andato storto' with 'Riprova' and is reported", async () => {
  const { context, page, user } = await loggedInPhone();
  // A malformed album address makes the route itself fail.
  await page.goto('/album/non-un-numero');
  await page.getByRole('heading', { name: 'Qualcosa è andato storto' }).waitFor();
  const retry = page.getByRole('button', { name: 'Riprova' });
  await expect.poll(() => retry.isVisible()).toBe(true);
  // The rest of the app stays usable around the error.
  await expect
    .poll(() => page.getByRole('navigation', { name: 'Navigazione principale' }).isVisible())
    .toBe(true);
  await retry.click();
  await page.getByRole('heading', { name: 'Qualcosa è andato storto' }).waitFor();

  const description = 'Indirizzo di album non valido: /album/non-un-numero';
  await expect
    .poll(async () => {
      const { body } = await admin.get<{ reports: { description: string }[] }>(
        '/api/admin/reports?type=js_error&limit=100',
      );
      return body.reports.filter((report) => report.description === description);
    })
    .toEqual([
      expect.objectContaining({ type: 'js_error', page: '/album/non-un-numero', username: user.nickname }),
    ]);
  await context.close();
});

test('when the session ends on the server, the next call sends the collector to /login', async () => {
  const { context, page, user } = await loggedInPhone();
  await page.goto('/');
  await page.getByRole('heading', { name: `Ciao, ${user.nickname}!` }).waitFor();
  await page.waitForLoadState('networkidle');

  // Logged out elsewhere with the same session cookie: the page still believes it is logged in.
  const sameSession = apiClient(server.url);
  sameSession.cookie = (await context.cookies()).map(({ name, value }) => `${name}=${value}`).join('; ');
  expect((await sameSession.post('/api/auth/logout')).status).toBe(200);

  // The album list is not in memory yet: the Album tab asks the server for it.
  await page
    .getByRole('navigation', { name: 'Navigazione principale' })
    .getByRole('button', { name: 'Album' })
    .click();
  await page.waitForURL((url) => url.pathname === '/login');
  await page.getByRole('button', { name: 'Accedi' }).waitFor();
  // The user is forgotten: a user screen asks again and stays on /login.
  await page.goto('/profile');
  await page.waitForURL((url) => url.pathname === '/login');
  await context.close();
});
