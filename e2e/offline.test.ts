import type { BrowserContext, Locator, Page, Route } from 'playwright-core';
import { beforeAll, expect, test } from 'vitest';
import { TRPC_BATCH_MAX } from '../src/rpc/schemas/trpc-batch.ts';
import { apiClient, registeredUser } from '../test/support/api-client.ts';
import { createAlbum, type TestAlbum } from '../test/support/catalogue.ts';
import { matchedPair } from '../test/support/collectors.ts';
import { sql } from '../test/support/sql.ts';
import { loginThroughUi, pathOf, recordTrpcCalls, toast } from './support/browser.ts';
import { setUpE2eApp } from './support/e2e-app.ts';
import { keptOnDevice, tapsOnDevice } from './support/kept-on-device.ts';

/*
 * The newsstand with no signal: the album opened once online reads and takes taps offline; the taps
 * survive closing the page and reach the server when the connection returns. These contexts allow the
 * service worker (the app shell comes from its precache offline).
 */
const { server, newPhone, phoneOf } = setUpE2eApp();
let album: TestAlbum;
/** An album long enough for many taps at once. */
let longAlbum: TestAlbum;
/** The album of the 'Esci' tests. */
let exitAlbum: TestAlbum;
beforeAll(async () => {
  album = await createAlbum(server.databaseUrl, { name: 'Edicola', stickers: 6 });
  longAlbum = await createAlbum(server.databaseUrl, { name: 'Edicola lunga', stickers: 220 });
  exitAlbum = await createAlbum(server.databaseUrl, { name: 'Edicola Esci', stickers: 4 });
});

const stickerList = (page: Page) => page.getByRole('list', { name: 'Figurine' });
const row = (page: Page, shown: string) =>
  stickerList(page)
    .getByRole('listitem')
    .filter({ has: page.getByText(shown, { exact: true }) });
const button = (where: Locator, name: 'Posseduta' | 'Doppia') =>
  where.getByRole('button', { name, exact: true });
const banner = (page: Page) => page.getByRole('status').filter({ hasText: 'Sei offline' });

/** A collector with the album opened once online, the service worker in control. */
async function collectorWithAlbumOpened(opened = album) {
  const user = await registeredUser(server.url);
  const { context, page } = await phoneOf(user, undefined, { serviceWorkers: 'allow' });
  await page.goto(`/album/${opened.id}`);
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

async function serverMarks(user: Awaited<ReturnType<typeof registeredUser>>, of = album) {
  const response = await user.api.get<{ stickerId: number; status: string }[]>(`/api/user/stickers/${of.id}`);
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
  await button(row(page, '001'), 'Posseduta').click();
  // Two taps on one sticker wait as one change: the latest.
  await button(row(page, '002'), 'Posseduta').click();
  await button(row(page, '002'), 'Doppia').click();
  await button(row(page, '003'), 'Posseduta').click();
  await expect.poll(() => banner(page).textContent()).toContain('3 modifiche da sincronizzare');
  expect(await row(page, '002').textContent()).toContain('Non ancora salvata');
  // No error toast for a queued change (the snackbar with 'Annulla' follows every tap).
  expect(await toast(page, 'Errore').count()).toBe(0);
  // The screen shows a tap at once, the device has it once IndexedDB has written it: closing the page
  // in between loses that write (the banner counted from memory).
  const [one, two, three] = album.stickers.map((sticker) => sticker.id) as [number, number, number];
  await expect.poll(() => tapsOnDevice(page)).toEqual({ [one]: 'yes', [two]: 'double', [three]: 'yes' });
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
  await expect.poll(() => serverMarks(user)).toEqual({ [one]: 'yes', [two]: 'double', [three]: 'yes' });
  await expect.poll(() => onlinePage.getByText('modifiche da sincronizzare').count()).toBe(0);
  expect(reports).toEqual([]);
  await context.close();
});

test('a network that carries nothing while the phone says it is online: offline all the same, taps kept and sent later', async () => {
  const { user, context, page } = await collectorWithAlbumOpened();
  // Every call and check gets no answer; the browser itself still says it is online.
  const dropped = (route: Route) => route.abort('internetdisconnected');
  await context.route('**/trpc/**', dropped);
  await context.route('**/api/health', dropped);
  await button(row(page, '004'), 'Posseduta').click();
  await banner(page).waitFor();
  await button(row(page, '005'), 'Posseduta').click();
  await expect.poll(() => banner(page).textContent()).toContain('2 modifiche da sincronizzare');
  expect(await page.evaluate(() => navigator.onLine)).toBe(true);
  expect(await serverMarks(user)).toEqual({});

  // The server answers again: the next check finds it, and the outbox goes out.
  await context.unroute('**/trpc/**', dropped);
  await context.unroute('**/api/health', dropped);
  const [, , , four, five] = album.stickers.map((sticker) => sticker.id);
  await expect
    .poll(() => serverMarks(user), { timeout: 20_000 })
    .toEqual({ [four as number]: 'yes', [five as number]: 'yes' });
  await expect.poll(() => banner(page).count()).toBe(0);
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
  // The swap that needs no connection is one tap away.
  await page.getByRole('link', { name: 'Scambio dal vivo' }).click();
  await page.getByRole('heading', { name: 'Scambio dal vivo' }).waitFor();
  await page.goBack();
  await page.getByText('La ricerca match ha bisogno della connessione.').waitFor();
  await context.setOffline(false);
  await expect.poll(() => page.getByText('La ricerca match ha bisogno della connessione.').count()).toBe(0);
  await context.close();
});

test('opened offline again and again, the app still knows who is logged in and shows the album', async () => {
  const { context, page } = await collectorWithAlbumOpened();
  // A network that carries nothing while the browser says it is online: the refresh of who is here
  // fails, and what the device keeps is written again with it (the failed answer keeps its last data).
  // Before, that answer was left out: the next opening was /login.
  const dropped = (route: Route) => route.abort('internetdisconnected');
  await context.route('**/trpc/**', dropped);
  await context.route('**/api/health', dropped);
  await page.reload();
  await row(page, '006').waitFor();
  await expect.poll(() => keptOnDevice(page)).toContain('"status":"error"');
  expect(await page.evaluate(() => navigator.onLine)).toBe(true);
  // Then no network at all, which Chromium (since 156) tells the page: the refresh waits, paused.
  await context.setOffline(true);
  for (let opening = 0; opening < 2; opening += 1) {
    await page.reload();
    await row(page, '006').waitFor();
    expect(pathOf(page)).toBe(`/album/${album.id}`);
  }
  await expect.poll(() => keptOnDevice(page)).toContain('"fetchStatus":"paused"');
  await context.close();
});

test('the latest tap wins: an offline tap older than a change made elsewhere meanwhile does not undo it', async () => {
  const { user, context, page } = await collectorWithAlbumOpened();
  const first = album.stickers[0]?.id as number;
  await context.setOffline(true);
  await button(row(page, '001'), 'Posseduta').click();
  await button(row(page, '001'), 'Doppia').click();
  await expect.poll(() => banner(page).textContent()).toContain('1 modifica da sincronizzare');
  // Meanwhile, on another device, online: a later change of the same sticker.
  expect((await user.api.put(`/api/user/stickers/${first}`, { status: 'yes' })).status).toBe(200);

  await context.setOffline(false);
  await expect.poll(() => page.getByText('modifica da sincronizzare').count()).toBe(0);
  expect((await serverMarks(user))[first]).toBe('yes');
  await expect.poll(() => button(row(page, '001'), 'Posseduta').getAttribute('aria-pressed')).toBe('true');
  await context.close();
});

test("'Inserimento rapido' offline keeps the marks on the device, lists what the album lacks, and sends them later", async () => {
  const { user, context, page } = await collectorWithAlbumOpened();
  await context.setOffline(true);
  await banner(page).waitFor();
  await page.getByRole('button', { name: 'Inserisci', exact: true }).click();
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

/** Taps 'Posseduta' on the row of this number, scrolling the (virtual) list down until the row is there. */
async function tapOwned(page: Page, shown: string) {
  const target = row(page, shown);
  for (let scrolls = 0; (await target.count()) === 0; scrolls += 1) {
    if (scrolls > 40) throw new Error(`row ${shown} never appeared`);
    await page.mouse.wheel(0, 400);
  }
  await button(target, 'Posseduta').click();
}

const numbers = (count: number) =>
  Array.from({ length: count }, (_, index) => String(index + 1).padStart(3, '0'));
const owned = (stickers: TestAlbum['stickers']) =>
  Object.fromEntries(stickers.map((sticker) => [sticker.id, 'yes']));

test('twelve taps made offline all reach the server once back online', async () => {
  const { user, context, page } = await collectorWithAlbumOpened(longAlbum);
  await context.setOffline(true);
  await banner(page).waitFor();
  for (const shown of numbers(12)) await tapOwned(page, shown);
  await expect.poll(() => banner(page).textContent()).toContain('12 modifiche da sincronizzare');

  await context.setOffline(false);
  await expect
    .poll(() => serverMarks(user, longAlbum), { timeout: 15_000 })
    .toEqual(owned(longAlbum.stickers.slice(0, 12)));
  await expect.poll(() => page.getByText('modifiche da sincronizzare').count()).toBe(0);
  expect(await toast(page, 'Errore').count()).toBe(0);
  await context.close();
});

test('ten quick taps on a slow link (400 ms each way) are all saved', async () => {
  const { user, context, page } = await collectorWithAlbumOpened(longAlbum);
  const link = await context.newCDPSession(page);
  await link.send('Network.enable');
  await link.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 400,
    downloadThroughput: -1,
    uploadThroughput: -1,
  });
  for (const shown of numbers(10)) await tapOwned(page, shown);
  await expect
    .poll(() => serverMarks(user, longAlbum), { timeout: 20_000 })
    .toEqual(owned(longAlbum.stickers.slice(0, 10)));
  await expect.poll(() => page.getByText('Non ancora salvata').count(), { timeout: 10_000 }).toBe(0);
  await context.close();
});

test('an outbox holding 200 taps sends every one once, in batches the server takes, when the signal returns', async () => {
  const { user, context, page } = await collectorWithAlbumOpened(longAlbum);
  const sent = recordTrpcCalls(page);
  const batchSizes: number[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.startsWith('/trpc/collection.setStatus')) batchSizes.push(pathname.split(',').length);
  });
  await context.setOffline(true);
  await banner(page).waitFor();
  // 200 taps made offline over an afternoon, as the outbox keeps them (one entry per sticker, the
  // latest tap), written where the app keeps them; the page opened again reads them from the device.
  const start = Date.now() - 3_600_000;
  const taps = longAlbum.stickers.slice(0, 200).map((sticker, index) => ({
    userId: user.id,
    albumId: longAlbum.id,
    stickerId: sticker.id,
    status: index % 3 === 0 ? 'double' : 'yes',
    tappedAt: start + index * 1_000,
  }));
  await page.evaluate(
    (queued) =>
      new Promise<void>((resolve, reject) => {
        const open = indexedDB.open('scambio-figurine-outbox');
        open.onsuccess = () => {
          const transaction = open.result.transaction('taps', 'readwrite');
          for (const tap of queued)
            transaction.objectStore('taps').put(tap, `${tap.userId}:${tap.stickerId}`);
          transaction.oncomplete = () => resolve();
          transaction.onerror = () => reject(transaction.error);
        };
        open.onerror = () => reject(open.error);
      }),
    taps,
  );
  await page.reload();
  await expect.poll(() => banner(page).textContent()).toContain('200 modifiche da sincronizzare');
  expect(sent.filter((name) => name === 'collection.setStatus')).toEqual([]);

  await context.setOffline(false);
  await expect
    .poll(() => serverMarks(user, longAlbum), { timeout: 30_000 })
    .toEqual(Object.fromEntries(taps.map((tap) => [tap.stickerId, tap.status])));
  const marked = await sql<{ sticker_id: number; marked_at: Date }>(
    server.databaseUrl,
    'select sticker_id, marked_at from sticker_mark where user_id = $1',
    [user.id],
  );
  expect(new Map(marked.map((mark) => [mark.sticker_id, mark.marked_at.getTime()]))).toEqual(
    new Map(taps.map((tap) => [tap.stickerId, tap.tappedAt])),
  );
  // Each tap went out once, never more than the server takes in one request.
  expect(sent.filter((name) => name === 'collection.setStatus')).toHaveLength(200);
  expect(Math.max(...batchSizes)).toBeLessThanOrEqual(TRPC_BATCH_MAX);
  await expect.poll(() => page.getByText('modifiche da sincronizzare').count()).toBe(0);
  await context.close();
});

test("Home's counters count the taps still waiting for the connection", async () => {
  const { user, context, page } = await collectorWithAlbumOpened();
  // A first mark made online chooses the album Home counts.
  const marked = await user.api.post('/api/user/stickers/bulk', {
    albumId: album.id,
    numbers: '6',
    status: 'yes',
  });
  expect(marked.status).toBe(200);
  await page.reload();
  await button(row(page, '006'), 'Posseduta').and(page.locator('[aria-pressed="true"]')).waitFor();
  await page.getByRole('button', { name: 'Home', exact: true }).click();
  const counted = page.getByRole('region', { name: album.name });
  await counted.getByRole('group', { name: 'Possedute' }).getByText('1', { exact: true }).waitFor();
  await expect.poll(() => keptOnDevice(page)).toContain(`"collection","summary"`);

  await context.setOffline(true);
  await page.goto(`/album/${album.id}`);
  await button(row(page, '001'), 'Posseduta').click();
  await button(row(page, '002'), 'Posseduta').click();
  await button(row(page, '002'), 'Doppia').click();
  await expect.poll(() => banner(page).textContent()).toContain('2 modifiche da sincronizzare');
  await page.getByRole('button', { name: 'Home', exact: true }).click();
  const figure = (label: string) => counted.getByRole('group', { name: label, exact: true }).textContent();
  await expect.poll(() => figure('Possedute')).toBe('3Possedute');
  expect(await figure('Doppie')).toBe('1Doppie');
  expect(await figure('Mancanti')).toBe('3Mancanti');
  await context.close();
});

test('at the table with no signal, the last chat and the swap card (what each hands over) still read', async () => {
  const { anna, bruno, matchId, album: theirs } = await matchedPair(server);
  // Bruno gives his double (2) for Anna's (1); Anna accepts.
  const proposed = await bruno.api.post<{ id: number }>('/api/swaps', {
    toUserId: anna.id,
    albumId: theirs.id,
    give: ['2'],
    receive: ['1'],
  });
  expect(proposed.status).toBe(201);
  expect((await anna.api.post(`/api/swaps/${proposed.body.id}/accept`)).status).toBe(200);

  // Bruno, on his phone, writes where to meet.
  const brunoPhone = await phoneOf(bruno);
  await brunoPhone.page.goto(`/chat/${matchId}`);
  await brunoPhone.page.getByRole('textbox', { name: 'Messaggio' }).fill('Edicola di piazza Duomo, alle 18');
  await brunoPhone.page.getByRole('button', { name: 'Invia' }).click();

  // Anna reads it once online, then opens Scambi; the service worker takes her phone over.
  const { context, page } = await phoneOf(anna, undefined, { serviceWorkers: 'allow' });
  await page.goto(`/chat/${matchId}`);
  await page.getByText('Edicola di piazza Duomo, alle 18').waitFor();
  await page.evaluate(() => navigator.serviceWorker.ready);
  await page.goto('/scambi');
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
  const card = page.getByRole('article').filter({ hasText: bruno.nickname }).first();
  await card.waitFor();
  await expect.poll(() => keptOnDevice(page)).toContain(`"chat","messages"`);
  // Scambi's list as well as the chat's cards (the app writes what it keeps at most once a second).
  await expect.poll(async () => (await keptOnDevice(page)).split(`"swaps","list"`).length - 1).toBe(2);

  await context.setOffline(true);
  await page.reload();
  await card.waitFor();
  expect(await card.textContent()).toContain('002');
  await page.goto(`/chat/${matchId}`);
  await page.getByText('Edicola di piazza Duomo, alle 18').waitFor();
  expect(await page.getByText('La chat ha bisogno della connessione.').count()).toBe(0);
  await page.getByRole('heading', { name: bruno.nickname }).waitFor();
  await context.close();
  await brunoPhone.context.close();
});

/*
 * 'Esci' with no signal: the device is logged out at once (nothing of the collector stays on it, not
 * even after a reload) and the server's session ends when the connection returns, even if the app was
 * closed meanwhile. Taps still waiting are counted first: wait for them, or drop them.
 */

const logoutButton = (page: Page) => page.getByRole('button', { name: 'Esci', exact: true });

/** A collector with the 'Esci' album opened once online (kept on the device), the service worker in control. */
async function collectorToLogOut() {
  const user = await registeredUser(server.url);
  const { context, page } = await newPhone(undefined, { serviceWorkers: 'allow' });
  await loginThroughUi(page, user);
  await page.evaluate(() => navigator.serviceWorker.ready);
  await page.goto(`/album/${exitAlbum.id}`);
  await row(page, '001').waitFor();
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
  await expect.poll(() => keptOnDevice(page)).toContain(exitAlbum.name);
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

/** Three offline taps ('Posseduta' on 001–003), then the profile. */
async function tapThreeOfflineThenOpenProfile(page: Page, context: BrowserContext) {
  await context.setOffline(true);
  for (const shown of ['001', '002', '003']) {
    await row(page, shown).getByRole('button', { name: 'Posseduta', exact: true }).click();
  }
  await page.getByText('3 modifiche da sincronizzare').waitFor();
  await openProfile(page);
}

test("'Esci' offline shows /login at once, keeps nothing on the device, and ends the server session once online", async () => {
  const { context, page } = await collectorToLogOut();
  const oldSession = await browserSession(context);
  await openProfile(page);
  await context.setOffline(true);

  await logoutButton(page).click();
  await page.waitForURL('**/login', { timeout: 2_000 });
  await page.getByRole('button', { name: 'Accedi' }).waitFor();
  await expect.poll(() => keptOnDevice(page)).not.toContain(exitAlbum.name);

  // Still offline: a reload, or the album's address, shows the login screen and nothing of the exitAlbum.
  await page.reload();
  await page.getByRole('button', { name: 'Accedi' }).waitFor();
  await page.goto(`/album/${exitAlbum.id}`);
  await page.waitForURL('**/login');
  await page.getByRole('button', { name: 'Accedi' }).waitFor();
  expect(await page.getByText(exitAlbum.name).count()).toBe(0);
  // The server has heard nothing yet.
  expect(await oldSession()).toBe(200);

  await context.setOffline(false);
  await expect.poll(oldSession).toBe(401);
  expect(pathOf(page)).toBe('/login');
  await context.close();
});

test('a logout made offline survives closing the app: opened again online, it is /login and the session ends', async () => {
  const { context, page } = await collectorToLogOut();
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
  const { user, context, page } = await collectorToLogOut();
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
  expect(await serverMarks(user, exitAlbum)).toEqual(owned(exitAlbum.stickers.slice(0, 3)));
  await expect.poll(oldSession).toBe(401);
  await context.close();
});

test("with taps waiting, 'Esci e scarta' logs out at once and the taps are never sent", async () => {
  const { user, context, page } = await collectorToLogOut();
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
  await page.goto(`/album/${exitAlbum.id}`);
  await row(page, '001').waitFor();
  expect(await page.getByText('modifiche da sincronizzare').count()).toBe(0);
  expect(await serverMarks(user, exitAlbum)).toEqual({});
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
