import type { Page } from 'playwright-core';
import { beforeAll, expect, test } from 'vitest';
import { adminClient } from '../test/support/admin-client.ts';
import { type ApiClient, apiClient, registeredUser } from '../test/support/api-client.ts';
import { createAlbum, type TestAlbum } from '../test/support/catalogue.ts';
import { loginThroughUi, pathOf } from './support/browser.ts';
import { setUpE2eApp } from './support/e2e-app.ts';

const { server, newPhone } = setUpE2eApp();
let admin: ApiClient;
let album: TestAlbum;
beforeAll(async () => {
  admin = await adminClient(server.url);
  album = await createAlbum(server.databaseUrl, { name: 'Navigazione', stickers: 4 });
});

/** A fresh collector on a phone, logged in, on Home. */
async function collector() {
  const user = await registeredUser(server.url);
  const { context, page } = await newPhone();
  await loginThroughUi(page, user);
  return { context, page, user };
}

const albumList = (page: Page) => page.getByRole('heading', { name: 'Album', exact: true });
const albumHeading = (page: Page) => page.getByRole('heading', { name: album.name, exact: true });
const filters = (page: Page) => page.getByRole('radiogroup', { name: 'Filtra le figurine' });
const checkedFilter = (page: Page, label: string) =>
  filters(page).getByRole('radio', { name: label, exact: true }).isChecked();
const filterParam = (page: Page) => new URL(page.url()).searchParams.get('filter');

test('an opened album has its own address, and Back brings the album list again', async () => {
  const { context, page } = await collector();
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
  const { context, page } = await collector();
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
  const { context, page } = await collector();
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
  const { context, page } = await collector();
  await page.goto('/album/999999');
  await page.getByRole('heading', { name: 'Album non trovato' }).waitFor();
  expect(pathOf(page)).toBe('/album/999999');
  await page.getByRole('link', { name: 'Torna agli album' }).click();
  await albumList(page).waitFor();
  expect(pathOf(page)).toBe('/album');
  await context.close();
});

test("an error on a screen shows 'Qualcosa è andato storto' with 'Riprova' and is reported", async () => {
  const { context, page, user } = await collector();
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
  const { context, page, user } = await collector();
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
