import type { BrowserContext, Page } from 'playwright-core';
import { expect, test } from 'vitest';
import { type ApiClient, registeredUser } from '../test/support/api-client.ts';
import { classifyStickers, createAlbum, type TestAlbum } from '../test/support/catalogue.ts';
import { seriousAxeViolations } from './support/axe.ts';
import { chooseBirthMonth, toast } from './support/browser.ts';
import { setUpE2eApp } from './support/e2e-app.ts';

const { server, newPhone, phoneOf } = setUpE2eApp();

const NUMBERS = ['1', '2', '3', '4', '5', '6', '7', '8', '9', '10', '11', '12', 'SPE 1', 'SPE 2', 'SPE 3'];

async function markInBulk(api: ApiClient, albumId: number, numbers: string, status: 'yes' | 'double') {
  const response = await api.post('/api/user/stickers/bulk', { albumId, numbers, status });
  expect(response.status).toBe(200);
}

/**
 * An album of 1-12 and SPE 1-3 where the collector has 1, 4, 5, 10, SPE 1 and doubles of 2, 6, SPE 2:
 * missing 3, 7, 8, 9, 11, 12, SPE 3.
 */
async function collectorWithMarks() {
  const album = await createAlbum(server.databaseUrl, {
    name: `Campionato Fantasia ${Math.random().toString(36).slice(2, 7)}`,
    stickers: NUMBERS.map((number) => ({ number, name: `Calciatore ${number}`, team: 'Squadra' })),
  });
  const user = await registeredUser(server.url);
  await markInBulk(user.api, album.id, '1, 4, 5, 10, SPE 1', 'yes');
  await markInBulk(user.api, album.id, '2, 6, SPE 2', 'double');
  return { album, user };
}

/** The shared text with the link's line left out (the link is checked on its own). */
const expectedText = (album: TestAlbum, missing: string) =>
  `${album.name}\nMANCANO:\n${missing}\nDOPPIE:\n2, 6\nSPE 2\nConfronta con la tua collezione: `;
const withoutLink = (text: string | undefined) => text?.replace(/(collezione: ).*$/, '$1');

type SharingLog = { attempts: number; shared: ShareData[]; copied: string[] };

/** Replaces the browser's share sheet and clipboard with recorders (`fails` makes them reject). */
async function stubSharing(
  context: BrowserContext,
  options: { share: 'records' | 'cancelled' | 'missing'; clipboard: 'records' | 'fails' },
) {
  await context.addInitScript((mode) => {
    const log: SharingLog = { attempts: 0, shared: [], copied: [] };
    Object.assign(window, { sharingLog: log });
    const share = async (data: ShareData) => {
      log.attempts += 1;
      if (mode.share === 'cancelled') throw new DOMException('Share canceled', 'AbortError');
      log.shared.push(data);
    };
    Object.defineProperty(Navigator.prototype, 'share', {
      configurable: true,
      value: mode.share === 'missing' ? undefined : share,
    });
    Object.defineProperty(Navigator.prototype, 'canShare', { configurable: true, value: undefined });
    const writeText = async (text: string) => {
      if (mode.clipboard === 'fails') throw new DOMException('Write permission denied.', 'NotAllowedError');
      log.copied.push(text);
    };
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText } });
  }, options);
}

const sharingLog = (page: Page) =>
  page.evaluate(() => (window as unknown as { sharingLog: SharingLog }).sharingLog);

/** Waits until the page has called the share sheet this many times. */
const shareAttempts = (page: Page, count: number) =>
  page.waitForFunction(
    (expected) => (window as unknown as { sharingLog: SharingLog }).sharingLog.attempts >= expected,
    count,
  );

async function inAlbum(album: TestAlbum, page: Page) {
  await page.goto('/album');
  await page.getByRole('button', { name: album.name }).click();
  await page.getByRole('heading', { name: album.name, exact: true }).waitFor();
  await page.getByRole('list', { name: 'Figurine' }).waitFor();
}

const shareButton = (page: Page) => page.getByRole('button', { name: 'Condividi lista' });

/** 'Condividi lista', then which list: both unless told. */
async function share(page: Page, choice = 'Mancanti e doppie') {
  await shareButton(page).click();
  await page.getByRole('menuitem', { name: choice }).click();
}

test('one tap shares the album name, my missing numbers in ranges and my doubles', async () => {
  const { album, user } = await collectorWithMarks();
  const { context, page } = await phoneOf(user);
  await stubSharing(context, { share: 'records', clipboard: 'records' });
  await inAlbum(album, page);

  await share(page);
  await shareAttempts(page, 1);
  const first = await sharingLog(page);
  expect(first.shared.map((data) => ({ ...data, text: withoutLink(data.text) }))).toEqual([
    { title: album.name, text: expectedText(album, '3, 7-9, 11, 12\nSPE 3') },
  ]);
  expect(first.copied).toEqual([]);
  expect(await toast(page, 'Lista copiata').count()).toBe(0);

  // A sticker marked in the album a moment ago is in the next list.
  const row3 = page
    .getByRole('list', { name: 'Figurine' })
    .getByRole('listitem')
    .filter({ has: page.getByText('003', { exact: true }) });
  await row3.getByRole('button', { name: 'Posseduta', exact: true }).click();
  await share(page);
  await shareAttempts(page, 2);
  expect(withoutLink((await sharingLog(page)).shared[1]?.text)).toBe(
    expectedText(album, '7-9, 11, 12\nSPE 3'),
  );
  await context.close();
});

test("without a share sheet the list is copied and 'Lista copiata' says where to paste it", async () => {
  const { album, user } = await collectorWithMarks();
  const { context, page } = await phoneOf(user);
  await stubSharing(context, { share: 'missing', clipboard: 'records' });
  await inAlbum(album, page);

  await share(page);
  const copied = toast(page, 'Lista copiata');
  await copied.waitFor();
  expect(await copied.textContent()).toContain('Incollala in chat o in un messaggio');
  const log = await sharingLog(page);
  expect(log.attempts).toBe(0);
  expect(log.copied.map(withoutLink)).toEqual([expectedText(album, '3, 7-9, 11, 12\nSPE 3')]);
  await context.close();
});

test('the real clipboard receives the list when the browser allows it', async () => {
  const { album, user } = await collectorWithMarks();
  const { context, page } = await phoneOf(user);
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
  await context.addInitScript(() => {
    Object.defineProperty(Navigator.prototype, 'share', { configurable: true, value: undefined });
  });
  await inAlbum(album, page);

  await share(page);
  await toast(page, 'Lista copiata').waitFor();
  expect(withoutLink(await page.evaluate(() => navigator.clipboard.readText()))).toBe(
    expectedText(album, '3, 7-9, 11, 12\nSPE 3'),
  );
  await context.close();
});

test('closing the share sheet is not an error: nothing is copied and nothing is shown', async () => {
  const { album, user } = await collectorWithMarks();
  const { context, page } = await phoneOf(user);
  await stubSharing(context, { share: 'cancelled', clipboard: 'records' });
  await inAlbum(album, page);

  await share(page);
  await shareAttempts(page, 1);
  // Free again once the sheet is closed: by then a copy, a toast or a dialog would have shown.
  await page.waitForFunction(
    () => !document.querySelector('button[aria-label="Condividi lista"]')?.hasAttribute('aria-busy'),
  );
  expect(await page.getByRole('alert').count()).toBe(0);
  expect(await page.getByRole('dialog').count()).toBe(0);
  expect(await sharingLog(page)).toEqual({ attempts: 1, shared: [], copied: [] });
  await context.close();
});

test('when neither sharing nor copying works, the list is shown ready to copy by hand', async () => {
  const { album, user } = await collectorWithMarks();
  const { context, page } = await phoneOf(user);
  await stubSharing(context, { share: 'missing', clipboard: 'fails' });
  await inAlbum(album, page);

  await share(page);
  const dialog = page.getByRole('dialog', { name: 'Condividi lista' });
  await dialog.waitFor();
  const text = dialog.getByLabel('La tua lista');
  expect(withoutLink(await text.inputValue())).toBe(expectedText(album, '3, 7-9, 11, 12\nSPE 3'));
  expect(await text.getAttribute('readonly')).not.toBeNull();
  expect(await toast(page, 'Lista copiata').count()).toBe(0);
  await context.close();
});

test('the list shared alone, and its link: a collector sees what we can swap, a stranger is asked to log in', async () => {
  const { album, user } = await collectorWithMarks();
  const { context, page } = await phoneOf(user);
  await stubSharing(context, { share: 'records', clipboard: 'records' });
  await inAlbum(album, page);

  await share(page, 'Solo doppie');
  await shareAttempts(page, 1);
  expect(withoutLink((await sharingLog(page)).shared[0]?.text)).toBe(
    `${album.name}\nDOPPIE:\n2, 6\nSPE 2\nConfronta con la tua collezione: `,
  );
  await share(page);
  await shareAttempts(page, 2);
  const text = (await sharingLog(page)).shared[1]?.text ?? '';
  const link = new URL(/collezione: (\S+)$/.exec(text)?.[1] ?? '');
  expect(link.origin + link.pathname).toBe(`${server.url}/confronta/${album.id}`);
  expect([...link.searchParams.keys()]).toEqual(['da', 'mancano', 'doppie']);

  // A friend with doubles of 3 and 7, missing 2 and 6, opens the link on their own phone.
  const friend = await registeredUser(server.url);
  await markInBulk(friend.api, album.id, '1, 4, 5, 8', 'yes');
  await markInBulk(friend.api, album.id, '3, 7', 'double');
  const second = await phoneOf(friend);
  await second.page.goto(link.href);
  await second.page.getByRole('heading', { name: 'Confronta le liste' }).waitFor();
  const give = second.page.getByRole('region', { name: 'Puoi dargli' });
  await give.getByText('Puoi dargli · 2').waitFor();
  expect(await give.textContent()).toContain('3, 7');
  const receive = second.page.getByRole('region', { name: 'Può darti' });
  expect(await receive.textContent()).toContain('Può darti · 3');
  expect(await receive.textContent()).toContain('2, 6');
  expect(await receive.textContent()).toContain('SPE 2');
  await second.page.getByRole('button', { name: "Apri l'album" }).click();
  await second.page.getByRole('heading', { name: album.name, exact: true }).waitFor();
  await second.context.close();

  const stranger = await newPhone();
  await stranger.page.goto(link.href);
  await stranger.page.getByText('Accedi o registrati per vedere cosa potete scambiarvi.').waitFor();
  expect(
    await stranger.page.getByText(/ti ha mandato la sua lista di figurine: mancano 7, ha 3 doppie/).count(),
  ).toBe(1);
  await stranger.page.getByRole('link', { name: 'Accedi o registrati' }).click();
  await stranger.page.waitForURL(/\/login$/);
  // Signed up, they land back on the comparison, now against their own (empty) album.
  await stranger.page.getByRole('button', { name: 'Crea un account' }).click();
  await chooseBirthMonth(stranger.page, 'Maggio', '1990');
  await stranger.page.getByLabel('Nickname').fill(`Nuovo${Date.now() % 1_000_000}`);
  await stranger.page.getByLabel('Password', { exact: true }).fill('password123');
  await stranger.page.getByLabel('CAP').fill('20121');
  await stranger.page.getByRole('button', { name: 'Registrati' }).click();
  await stranger.page.waitForURL((url) => url.pathname === link.pathname);
  await stranger.page.getByRole('region', { name: 'Può darti' }).getByText('Può darti · 3').waitFor();
  await stranger.context.close();
  await context.close();
});

// 'Ordina le ultime' (issue 49, row 4).

test("'Ordina le ultime': over the album's limit it says how many to swap first; within it the list by section to copy, share and print, with the estimate", async () => {
  const album = await createAlbum(server.databaseUrl, {
    name: `Ordine ${Math.random().toString(36).slice(2, 7)}`,
    stickers: ['12', '45', '101', 'P3', 'P1', 'X1'].map((number) => ({
      number,
      name: `Calciatore ${number}`,
    })),
  });
  await classifyStickers(server.databaseUrl, album.id, {
    extra: ['X1'],
    speciale: ['P3', 'P1'],
    sections: { Squadre: ['12', '45'], Calciomercato: ['P3', 'P1'] },
    orderLimit: 3,
    priceCents: 250,
  });
  const user = await registeredUser(server.url);
  await markInBulk(user.api, album.id, '45', 'yes');
  const { context, page } = await phoneOf(user);
  await stubSharing(context, { share: 'records', clipboard: 'records' });
  await context.addInitScript(() => {
    window.print = () => Object.assign(window, { printed: true });
  });
  await inAlbum(album, page);

  // 4 missing (the extra aside), the limit 3: the header offers no order; the statistics lead to the screen.
  await page.getByRole('button', { name: 'Statistiche' }).click();
  await page.getByRole('link', { name: 'Ordina le ultime', exact: true }).click();
  await page.getByRole('heading', { name: 'Te ne mancano 4: scambiane almeno 1 prima' }).waitFor();
  expect(await page.getByRole('link', { name: 'Le mie ultime' }).getAttribute('href')).toBe(
    `/album/${album.id}/ultime`,
  );
  expect(await page.getByRole('link', { name: 'Match' }).first().getAttribute('href')).toBe('/match');
  expect(await page.getByText(/Costo stimato/).count()).toBe(0);
  expect(await seriousAxeViolations(page)).toEqual([]);
  expect(await page.getByRole('link', { name: /^Ordina le ultime:/ }).count()).toBe(0);

  // One more sticker: 3 missing, within the limit, and the header offers the order.
  await page.getByRole('link', { name: 'Indietro' }).click();
  await page
    .getByRole('list', { name: 'Figurine' })
    .getByRole('listitem')
    .filter({ has: page.getByText('012', { exact: true }) })
    .getByRole('button', { name: 'Posseduta', exact: true })
    .click();
  await page.getByRole('link', { name: 'Ordina le ultime: 3 figurine' }).click();
  await page.getByText('Ti mancano 3 figurine', { exact: true }).waitFor();
  const list = page.getByRole('group', { name: 'Figurine da ordinare' });
  expect(await list.locator('h3, p').allTextContents()).toEqual(['Altre', '101', 'Calciomercato', 'P3, P1']);
  expect(await page.getByText(/^Costo stimato: 7,50\s€$/).count()).toBe(1);
  expect(
    await page.getByRole('link', { name: 'Verifica le condizioni sul sito Panini' }).getAttribute('href'),
  ).toBe('https://www.panini.it');
  expect(await seriousAxeViolations(page)).toEqual([]);

  const text = `${album.name} — 3 figurine da ordinare\nAltre: 101\nCalciomercato: P3, P1`;
  await page.getByRole('button', { name: 'Copia' }).click();
  await toast(page, 'Elenco copiato').waitFor();
  await page.getByRole('button', { name: 'Condividi' }).click();
  await shareAttempts(page, 1);
  expect(await sharingLog(page)).toEqual({
    attempts: 1,
    shared: [{ title: album.name, text }],
    copied: [text],
  });
  await page.getByRole('button', { name: 'Stampa' }).click();
  expect(await page.evaluate(() => (window as unknown as { printed?: boolean }).printed)).toBe(true);
  await context.close();
});
