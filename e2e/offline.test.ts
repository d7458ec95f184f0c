import type { Locator, Page } from 'playwright-core';
import { beforeAll, expect, test } from 'vitest';
import { registeredUser } from '../test/support/api-client.ts';
import { createAlbum, type TestAlbum } from '../test/support/catalogue.ts';
import { loginThroughUi, toast } from './support/browser.ts';
import { setUpE2eApp } from './support/e2e-app.ts';

/*
 * The newsstand with no signal: the album opened once online reads and takes taps offline; the taps
 * survive closing the page and reach the server when the connection returns. These contexts allow the
 * service worker (the app shell comes from its precache offline).
 */
const { server, newPhone } = setUpE2eApp();
let album: TestAlbum;
beforeAll(async () => {
  album = await createAlbum(server.databaseUrl, { name: 'Edicola', stickers: 6 });
});

const stickerList = (page: Page) => page.getByRole('list', { name: 'Figurine' });
const row = (page: Page, shown: string) =>
  stickerList(page)
    .getByRole('listitem')
    .filter({ has: page.getByText(shown, { exact: true }) });
const button = (where: Locator, name: "Ce l'ho" | 'Doppia') =>
  where.getByRole('button', { name, exact: true });
const banner = (page: Page) => page.getByRole('status').filter({ hasText: 'Sei offline' });

/** A collector with the album opened once online, the service worker in control. */
async function collectorWithAlbumOpened() {
  const user = await registeredUser(server.url);
  const { context, page } = await newPhone(undefined, { serviceWorkers: 'allow' });
  await loginThroughUi(page, user);
  await page.goto(`/album/${album.id}`);
  await row(page, '001').waitFor();
  // The service worker takes the page over; from then on the shell comes from its precache.
  await page.evaluate(() => navigator.serviceWorker.ready);
  await page.reload();
  await row(page, '001').waitFor();
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
  // The app writes the answers it keeps at most once a second.
  await expect.poll(() => keptOnDevice(page)).toContain(`"stickers","list"`);
  return { user, context, page };
}

/** What the app keeps on the device for offline use (React Query's persisted cache, as stored). */
function keptOnDevice(page: Page): Promise<string> {
  return page.evaluate(
    () =>
      new Promise<string>((resolve) => {
        const open = indexedDB.open('scambio-figurine-cache');
        open.onsuccess = () => {
          const read = open.result.transaction('queries').objectStore('queries').get('queries');
          read.onsuccess = () => resolve(String(read.result ?? ''));
          read.onerror = () => resolve('');
        };
        open.onerror = () => resolve('');
      }),
  );
}

async function serverMarks(user: Awaited<ReturnType<typeof registeredUser>>) {
  const response = await user.api.get<{ stickerId: number; status: string }[]>(
    `/api/user/stickers/${album.id}`,
  );
  return Object.fromEntries(response.body.map((mark) => [mark.stickerId, mark.status]));
}

test("taps made offline say 'Sei offline' with how many wait, survive closing the page, and reach the server", async () => {
  const { user, context, page } = await collectorWithAlbumOpened();
  const reports: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/reports/error')) reports.push(request.url());
  });

  await context.setOffline(true);
  await banner(page).waitFor();
  await button(row(page, '001'), "Ce l'ho").click();
  // Two taps on one sticker wait as one change: the latest.
  await button(row(page, '002'), "Ce l'ho").click();
  await button(row(page, '002'), 'Doppia').click();
  await button(row(page, '003'), "Ce l'ho").click();
  await expect.poll(() => banner(page).textContent()).toContain('3 modifiche da sincronizzare');
  expect(await row(page, '002').textContent()).toContain('Non ancora salvata');
  // No error toast for a queued change (the snackbar with 'Annulla' follows every tap).
  expect(await toast(page, 'Errore').count()).toBe(0);
  await page.close();

  // Still offline: a new page, from the service worker and the device, shows the album and the taps.
  const offlinePage = await context.newPage();
  await offlinePage.goto(`/album/${album.id}`);
  await row(offlinePage, '001').waitFor();
  // The outbox is read from IndexedDB as the app starts: the waiting taps show once it has been read.
  await expect
    .poll(() => button(row(offlinePage, '002'), 'Doppia').getAttribute('aria-pressed'))
    .toBe('true');
  await expect.poll(() => banner(offlinePage).textContent()).toContain('3 modifiche da sincronizzare');
  await offlinePage.close();
  expect(await serverMarks(user)).toEqual({});

  // Back online, the app opened again: the server has every tap and the banner is gone.
  await context.setOffline(false);
  const onlinePage = await context.newPage();
  await onlinePage.goto('/album');
  const [one, two, three] = album.stickers.map((sticker) => sticker.id);
  await expect
    .poll(() => serverMarks(user))
    .toEqual({ [one as number]: 'yes', [two as number]: 'double', [three as number]: 'yes' });
  await expect.poll(() => onlinePage.getByText('modifiche da sincronizzare').count()).toBe(0);
  expect(reports).toEqual([]);
  await context.close();
});

test('a reload offline still shows the album; the match screen says it needs the connection', async () => {
  const { context, page } = await collectorWithAlbumOpened();
  await context.setOffline(true);
  await page.reload();
  await row(page, '006').waitFor();
  expect(await page.getByRole('heading', { name: album.name, exact: true }).isVisible()).toBe(true);

  await page.goto('/match');
  await page.getByText('La ricerca match ha bisogno della connessione.').waitFor();
  await context.setOffline(false);
  await expect.poll(() => page.getByText('La ricerca match ha bisogno della connessione.').count()).toBe(0);
  await context.close();
});

test('the latest tap wins: an offline tap older than a change made elsewhere meanwhile does not undo it', async () => {
  const { user, context, page } = await collectorWithAlbumOpened();
  const first = album.stickers[0]?.id as number;
  await context.setOffline(true);
  await button(row(page, '001'), "Ce l'ho").click();
  await button(row(page, '001'), 'Doppia').click();
  await expect.poll(() => banner(page).textContent()).toContain('1 modifica da sincronizzare');
  // Meanwhile, on another device, online: a later change of the same sticker.
  expect((await user.api.put(`/api/user/stickers/${first}`, { status: 'yes' })).status).toBe(200);

  await context.setOffline(false);
  await expect.poll(() => page.getByText('modifica da sincronizzare').count()).toBe(0);
  expect((await serverMarks(user))[first]).toBe('yes');
  await expect.poll(() => button(row(page, '001'), "Ce l'ho").getAttribute('aria-pressed')).toBe('true');
  await context.close();
});

test("'Inserimento rapido' offline keeps the marks on the device, lists what the album lacks, and sends them later", async () => {
  const { user, context, page } = await collectorWithAlbumOpened();
  await context.setOffline(true);
  await banner(page).waitFor();
  await page.getByRole('button', { name: 'Inserimento rapido' }).click();
  const dialog = page.getByRole('dialog', { name: 'Inserimento rapido' });
  await dialog.getByLabel('Numeri delle figurine').fill('4-6, 99');
  await dialog.getByRole('button', { name: 'Segna figurine' }).click();
  await dialog.getByText('Numero non trovato: 99', { exact: true }).waitFor();
  expect(await dialog.getByLabel('Numeri delle figurine').inputValue()).toBe('99');
  await expect.poll(() => banner(page).textContent()).toContain('3 modifiche da sincronizzare');
  expect(await serverMarks(user)).toEqual({});

  await context.setOffline(false);
  const [, , , four, five, six] = album.stickers.map((sticker) => sticker.id);
  await expect
    .poll(() => serverMarks(user))
    .toEqual({ [four as number]: 'yes', [five as number]: 'yes', [six as number]: 'yes' });
  await context.close();
});
