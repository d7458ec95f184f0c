import type { Locator, Page } from 'playwright-core';
import { expect, test } from 'vitest';
import { STICKER_NOT_FOUND_MESSAGE } from '../src/server/collection/user-stickers.ts';
import { registeredUser } from '../test/support/api-client.ts';
import { createAlbum, type TestAlbum } from '../test/support/catalogue.ts';
import { sql } from '../test/support/sql.ts';
import { startTestServer } from '../test/support/test-server.ts';
import {
  DESKTOP,
  type Device,
  forceTap,
  holdTrpcCalls,
  PHONE,
  pageCaughtUp,
  pathOf,
  recordTrpcCalls,
  toast,
} from './support/browser.ts';
import { type E2eServer, setUpE2eApp } from './support/e2e-app.ts';

const { server, phoneOf, desktopOf } = setUpE2eApp();

/** A newcomer, just registered (logged in by cookie), looking at the album list. */
async function collector(on: E2eServer = server, device: Device = PHONE) {
  const user = await registeredUser(on.url);
  const { context, page } = await (device === DESKTOP ? desktopOf : phoneOf)(user, on);
  await page.goto('/album');
  await page.getByRole('heading', { name: 'Album', exact: true }).waitFor();
  return { context, page };
}

const albumName = (label: string) => `${label} ${Math.random().toString(36).slice(2, 7)}`;

const openButton = (page: Page, album: TestAlbum) => page.getByRole('button', { name: album.name });
const albumSwitch = (page: Page, album: TestAlbum) =>
  page.getByRole('switch', { name: `Attiva ${album.name}` });

/** A tap on the switch: it lands on the track drawn over the (transparent) input, as a finger would. */
const flip = (page: Page, album: TestAlbum) => forceTap(albumSwitch(page, album));

async function openAlbum(page: Page, album: TestAlbum) {
  await openButton(page, album).click();
  await page.getByRole('heading', { name: album.name, exact: true }).waitFor();
}

const stickerList = (page: Page) => page.getByRole('list', { name: 'Figurine' });

/** The row of the sticker shown with this (padded) number. */
const row = (page: Page, shown: string) =>
  stickerList(page)
    .getByRole('listitem')
    .filter({ has: page.getByText(shown, { exact: true }) });

const button = (where: Locator, name: 'Posseduta' | 'Mancante' | 'Doppia') =>
  where.getByRole('button', { name, exact: true });

/** Which of the three buttons of a row are pressed, e.g. `{ have: true, missing: false, double: false }`. */
async function pressed(where: Locator) {
  const state = async (name: 'Posseduta' | 'Mancante' | 'Doppia') =>
    (await button(where, name).getAttribute('aria-pressed')) === 'true';
  return { have: await state('Posseduta'), missing: await state('Mancante'), double: await state('Doppia') };
}

/** The text is all on screen: not cut with an ellipsis, not clipped below its last line. */
const shownWhole = (text: Locator) =>
  text.evaluate(
    (element) =>
      element.scrollWidth <= element.clientWidth && element.scrollHeight <= element.clientHeight + 1,
  );

async function shownNumbers(page: Page) {
  const rows = await stickerList(page).getByRole('listitem').allInnerTexts();
  return rows.map((text) => text.split('\n')[0]?.trim());
}

const filters = (page: Page) => page.getByRole('radiogroup', { name: 'Filtra le figurine' });

async function chooseFilter(page: Page, label: 'Tutte' | 'Possedute' | 'Mancanti' | 'Doppie') {
  await filters(page).getByText(label, { exact: true }).click();
  // The filter lives in the URL now: the radio is checked once the router has navigated.
  await expect
    .poll(() => filters(page).getByRole('radio', { name: label, exact: true }).isChecked())
    .toBe(true);
}

/** The collector's statuses as the server has them, asked with the page's own session. */
async function serverStatuses(page: Page, album: TestAlbum) {
  const response = await page.request.get(`/api/user/stickers/${album.id}`);
  const records = (await response.json()) as { stickerId: number; status: string }[];
  const numberOf = new Map(album.stickers.map((sticker) => [sticker.id, sticker.number]));
  return Object.fromEntries(records.map((record) => [numberOf.get(record.stickerId), record.status]));
}

async function markOnServer(page: Page, album: TestAlbum, statuses: Record<string, 'yes' | 'double'>) {
  for (const [number, status] of Object.entries(statuses)) {
    const sticker = album.stickers.find((candidate) => candidate.number === number);
    const response = await page.request.put(`/api/user/stickers/${sticker?.id}`, { data: { status } });
    expect(response.status()).toBe(200);
  }
}

/** What tRPC answers for a failed call in a batch, as the server's error formatter shapes it. */
const trpcFailure = (path: string, message: string) =>
  JSON.stringify([
    { error: { message, code: -32603, data: { code: 'INTERNAL_SERVER_ERROR', httpStatus: 500, path } } },
  ]);

test("with no albums in the catalogue the list says 'Nessun album disponibile'", async () => {
  const empty = await startTestServer();
  try {
    const { context, page } = await collector(empty);
    await page.getByText('Nessun album disponibile', { exact: true }).waitFor();
    expect(await page.getByRole('switch').count()).toBe(0);
    await context.close();
  } finally {
    await empty.close();
  }
});

test('each album shows its name, year, sticker count and my progress (padded inside its card), and a newcomer finds every album ON', async () => {
  const big = await createAlbum(server.databaseUrl, {
    name: albumName('Calciatori'),
    year: 2024,
    stickers: 12,
  });
  const single = await createAlbum(server.databaseUrl, { name: albumName('Unica'), stickers: 1 });
  const { context, page } = await collector();
  await markOnServer(page, big, { '1': 'yes', '2': 'double', '3': 'yes' });
  await page.reload();
  // Owned counts the doubles too: 3 of 12 is 25%.
  await expect.poll(() => openButton(page, big).textContent()).toContain('3/12 · 25%');
  expect(await openButton(page, big).textContent()).toContain('2024 · 12 figurine');
  expect(await openButton(page, single).textContent()).toContain('2026 · 1 figurina');
  expect(await openButton(page, single).textContent()).toContain('0/1 · 0%');
  for (const album of [big, single]) {
    expect(await albumSwitch(page, album).isChecked(), album.name).toBe(true);
    expect(await openButton(page, album).isEnabled(), album.name).toBe(true);
  }
  // The card's text keeps clear of its border.
  const padding = await openButton(page, big).evaluate((button) => getComputedStyle(button).paddingLeft);
  expect(Number.parseFloat(padding)).toBeGreaterThanOrEqual(12);
  await openAlbum(page, big);
  await row(page, '012').waitFor();
  expect(await stickerList(page).getByRole('listitem').count()).toBe(12);
  await context.close();
});

test("an album's whole name shows on the list, on as many lines as it takes", async () => {
  const album = await createAlbum(server.databaseUrl, {
    name: albumName('Un album dal nome lunghissimo che su un telefono non sta in una riga sola'),
    stickers: 2,
  });
  const { context, page } = await collector();
  const name = openButton(page, album).getByText(album.name, { exact: true });
  await name.waitFor();
  expect(await shownWhole(name)).toBe(true);
  expect((await name.boundingBox())?.height).toBeGreaterThan(30);
  await context.close();
});

test('my progress on the list follows my taps at once, also those still waiting for the server', async () => {
  const album = await createAlbum(server.databaseUrl, { name: albumName('Progressi'), stickers: 4 });
  const { context, page } = await collector();
  await markOnServer(page, album, { '1': 'yes' });
  await page.reload();
  await expect.poll(() => openButton(page, album).textContent()).toContain('1/4 · 25%');
  await openAlbum(page, album);
  await button(row(page, '002'), 'Doppia').waitFor();
  await button(row(page, '002'), 'Posseduta').click();
  await expect.poll(() => serverStatuses(page, album)).toEqual({ '1': 'yes', '2': 'yes' });
  // The next one waits in the outbox: the server cannot be reached.
  await page.route(
    (url) => url.pathname.startsWith('/trpc/') && url.pathname.includes('collection.setStatus'),
    (route) => route.abort('internetdisconnected'),
  );
  await button(row(page, '003'), 'Posseduta').click();
  await page.getByRole('button', { name: 'Torna agli album' }).click();
  await expect.poll(() => openButton(page, album).textContent()).toContain('3/4 · 75%');
  expect(await serverStatuses(page, album)).toEqual({ '1': 'yes', '2': 'yes' });
  await context.close();
});

test('an album switched OFF cannot be opened, stays OFF after a reload, and opens again once ON', async () => {
  const album = await createAlbum(server.databaseUrl, { name: albumName('Spento'), stickers: 3 });
  const { context, page } = await collector();
  await flip(page, album);
  expect(await albumSwitch(page, album).isChecked()).toBe(false);
  expect(await openButton(page, album).isDisabled()).toBe(true);
  await forceTap(openButton(page, album));
  await pageCaughtUp(page);
  await expect.poll(() => page.getByRole('heading', { name: 'Album', exact: true }).isVisible()).toBe(true);
  expect(await stickerList(page).count()).toBe(0);

  await page.reload();
  await page.getByRole('heading', { name: 'Album', exact: true }).waitFor();
  expect(await albumSwitch(page, album).isChecked()).toBe(false);
  const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('activeAlbums') ?? '[]'));
  expect(stored).not.toContain(album.id);

  await flip(page, album);
  expect(await albumSwitch(page, album).isChecked()).toBe(true);
  await openAlbum(page, album);
  await context.close();
});

test('have, double and missing show on the row at once, before the server answers, and are saved', async () => {
  const album = await createAlbum(server.databaseUrl, { name: albumName('Stati'), stickers: 3 });
  const { context, page } = await collector();
  await openAlbum(page, album);
  const first = row(page, '001');
  await expect.poll(() => pressed(first)).toEqual({ have: false, missing: true, double: false });
  expect(await button(first, 'Doppia').isDisabled()).toBe(true);

  const held = await holdTrpcCalls(page, 'collection.setStatus');
  await button(first, 'Posseduta').click();
  await expect.poll(() => pressed(first)).toEqual({ have: true, missing: false, double: false });
  expect(await button(first, 'Doppia').isEnabled()).toBe(true);
  await expect.poll(() => held.held).toBe(1);
  held.release();
  await expect.poll(() => serverStatuses(page, album)).toEqual({ '1': 'yes' });

  // A double is a sticker I have, and one more: 'Posseduta' stays lit.
  await button(first, 'Doppia').click();
  await expect.poll(() => pressed(first)).toEqual({ have: true, missing: false, double: true });
  await expect.poll(() => serverStatuses(page, album)).toEqual({ '1': 'double' });

  await button(first, 'Doppia').click();
  await expect.poll(() => pressed(first)).toEqual({ have: true, missing: false, double: false });
  await expect.poll(() => serverStatuses(page, album)).toEqual({ '1': 'yes' });

  // Spec §4: 'Posseduta' sets yes, also on a double (the spare copy goes).
  await button(first, 'Doppia').click();
  await expect.poll(() => serverStatuses(page, album)).toEqual({ '1': 'double' });
  await button(first, 'Posseduta').click();
  await expect.poll(() => pressed(first)).toEqual({ have: true, missing: false, double: false });
  await expect.poll(() => serverStatuses(page, album)).toEqual({ '1': 'yes' });

  await button(first, 'Mancante').click();
  await expect.poll(() => pressed(first)).toEqual({ have: false, missing: true, double: false });
  expect(await button(first, 'Doppia').isDisabled()).toBe(true);
  await expect.poll(() => serverStatuses(page, album)).toEqual({});
  await context.close();
});

test('sticker names wrap to two lines, so stickers whose names start alike can be told apart', async () => {
  const cards = ['ritratto', 'nel suo ambiente', 'da cucciolo', 'curiosità'];
  const album = await createAlbum(server.databaseUrl, {
    name: albumName('Animali'),
    stickers: [
      ...cards.map((card, i) => ({ number: String(177 + i), name: `Cervo volante: ${card}`, team: null })),
      { number: '181', name: 'Leonardo Torrebianca', team: 'Mufloni del Gennargentu' },
    ],
  });
  const { context, page } = await collector();
  await openAlbum(page, album);
  for (const [i, card] of cards.entries()) {
    const name = row(page, String(177 + i)).getByText(`Cervo volante: ${card}`, { exact: true });
    expect(await shownWhole(name), card).toBe(true);
  }
  const withTeam = row(page, '181');
  expect(await shownWhole(withTeam.getByText('Leonardo Torrebianca', { exact: true }))).toBe(true);
  expect(await withTeam.getByText('Mufloni del Gennargentu').isVisible()).toBe(true);
  // Two lines and the team still fit the row: nothing spills onto the next one.
  const rowBox = await withTeam.boundingBox();
  const nameBox = await withTeam.getByText('Leonardo Torrebianca').boundingBox();
  const teamBox = await withTeam.getByText('Mufloni del Gennargentu').boundingBox();
  expect(nameBox?.height).toBeGreaterThan(30);
  expect(rowBox && teamBox && teamBox.y + teamBox.height <= rowBox.y + rowBox.height).toBe(true);
  await context.close();
});

test('quick taps on several stickers all stay marked while the server is slow, and all are saved', async () => {
  const album = await createAlbum(server.databaseUrl, { name: albumName('Raffica'), stickers: 6 });
  const { context, page } = await collector();
  await openAlbum(page, album);
  const held = await holdTrpcCalls(page, 'collection.setStatus');
  for (const shown of ['001', '002', '003', '004']) await button(row(page, shown), 'Posseduta').click();
  await button(row(page, '002'), 'Doppia').click();
  const expected = { '001': 'yes', '002': 'double', '003': 'yes', '004': 'yes' };
  await expect.poll(async () => (await pressed(row(page, '002'))).double).toBe(true);
  const check = async () => {
    for (const [shown, status] of Object.entries(expected)) {
      expect(await pressed(row(page, shown)), shown).toEqual({
        have: true,
        missing: false,
        double: status === 'double',
      });
    }
    expect((await pressed(row(page, '005'))).missing).toBe(true);
  };
  await check();
  held.release();
  await expect
    .poll(() => serverStatuses(page, album))
    .toEqual({ '1': 'yes', '2': 'double', '3': 'yes', '4': 'yes' });
  await page.waitForLoadState('networkidle');
  await check();
  await context.close();
});

test("taps take the server's answers: rows and counts follow without reading the album or the counters again", async () => {
  const album = await createAlbum(server.databaseUrl, { name: albumName('Risposte'), stickers: 5 });
  const { context, page } = await collector();
  await openAlbum(page, album);
  await button(row(page, '005'), 'Doppia').waitFor();
  await page.waitForLoadState('networkidle');
  const calls = recordTrpcCalls(page);
  await button(row(page, '001'), 'Posseduta').click();
  await button(row(page, '002'), 'Posseduta').click();
  await button(row(page, '003'), 'Posseduta').click();
  await button(row(page, '002'), 'Doppia').click();
  await button(row(page, '004'), 'Posseduta').click();
  await button(row(page, '004'), 'Mancante').click();
  await expect.poll(() => serverStatuses(page, album)).toEqual({ '1': 'yes', '2': 'double', '3': 'yes' });
  await page.waitForLoadState('networkidle');
  await pageCaughtUp(page);
  expect(calls).toContain('collection.setStatus');
  expect(calls).not.toContain('collection.list');
  expect(calls).not.toContain('collection.summary');

  const shown = { '001': 'yes', '002': 'double', '003': 'yes', '004': 'no', '005': 'no' };
  for (const [number, status] of Object.entries(shown)) {
    expect(await pressed(row(page, number)), number).toEqual({
      have: status !== 'no',
      missing: status === 'no',
      double: status === 'double',
    });
  }
  await page.getByRole('button', { name: 'Statistiche' }).click();
  const popup = page.getByRole('dialog', { name: 'Statistiche' });
  await popup.waitFor();
  for (const name of ['Possedute 3', 'Mancanti 2', 'Doppie 1', 'Completamento 60%']) {
    expect(await popup.getByRole('row', { name, exact: true }).isVisible(), name).toBe(true);
  }
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Torna agli album' }).click();
  await expect.poll(() => openButton(page, album).textContent()).toContain('3/5 · 60%');
  await context.close();
});

test('each filter lists its stickers, or its own message when there are none', async () => {
  const album = await createAlbum(server.databaseUrl, { name: albumName('Filtri'), stickers: 4 });
  const { context, page } = await collector();
  await openAlbum(page, album);
  await chooseFilter(page, 'Possedute');
  await page.getByText('Non hai ancora nessuna figurina', { exact: true }).waitFor();
  await chooseFilter(page, 'Doppie');
  await page.getByText('Non hai doppioni', { exact: true }).waitFor();
  await chooseFilter(page, 'Mancanti');
  await row(page, '004').waitFor();
  expect(await shownNumbers(page)).toEqual(['001', '002', '003', '004']);

  await button(row(page, '001'), 'Posseduta').click();
  await chooseFilter(page, 'Tutte');
  await button(row(page, '002'), 'Posseduta').click();
  await button(row(page, '002'), 'Doppia').click();
  expect(await shownNumbers(page)).toEqual(['001', '002', '003', '004']);

  await chooseFilter(page, 'Possedute');
  await row(page, '002').waitFor();
  expect(await shownNumbers(page)).toEqual(['001', '002']);
  await chooseFilter(page, 'Mancanti');
  await row(page, '003').waitFor();
  expect(await shownNumbers(page)).toEqual(['003', '004']);
  await chooseFilter(page, 'Doppie');
  await row(page, '002').waitFor();
  expect(await shownNumbers(page)).toEqual(['002']);
  expect(await page.getByText('Non hai doppioni').count()).toBe(0);
  await context.close();
});

test("with every sticker owned, 'Mancanti' says 'Complimenti! Hai tutte le figurine!'", async () => {
  const album = await createAlbum(server.databaseUrl, { name: albumName('Mini'), stickers: 2 });
  const { context, page } = await collector();
  await openAlbum(page, album);
  await chooseFilter(page, 'Mancanti');
  await button(row(page, '001'), 'Posseduta').click();
  await button(row(page, '002'), 'Posseduta').click();
  // Ticked rows stay until the filter changes; back on 'Mancanti', nothing is missing.
  expect(await page.getByText('Complimenti! Hai tutte le figurine!').count()).toBe(0);
  await chooseFilter(page, 'Tutte');
  await chooseFilter(page, 'Mancanti');
  await page.getByText('Complimenti! Hai tutte le figurine!', { exact: true }).waitFor();
  expect(await stickerList(page).count()).toBe(0);
  await context.close();
});

test("in 'Mancanti' a ticked row stays where it was, greyed, so the next row never slides under the finger", async () => {
  const album = await createAlbum(server.databaseUrl, { name: albumName('Spunte'), stickers: 5 });
  const { context, page } = await collector();
  await openAlbum(page, album);
  await chooseFilter(page, 'Mancanti');
  await row(page, '005').waitFor();
  const opacity = (shown: string) =>
    row(page, shown)
      .locator('[data-faded], div')
      .first()
      .evaluate((element) => Number(getComputedStyle(element).opacity));
  const nextRowAt = (await row(page, '002').boundingBox())?.y;

  // On a slow link the taps wait for the server, and the banner says so: it must not push the list down
  // either (it took 32 px above the header, and on a loaded machine the next row slid under the finger).
  const held = await holdTrpcCalls(page, 'collection.setStatus');
  await button(row(page, '001'), 'Posseduta').click();
  await button(row(page, '002'), 'Posseduta').click();
  await page.getByRole('status').filter({ hasText: 'modifiche da sincronizzare' }).waitFor();
  expect(await pressed(row(page, '001'))).toEqual({ have: true, missing: false, double: false });
  expect(await shownNumbers(page)).toEqual(['001', '002', '003', '004', '005']);
  expect((await row(page, '002').boundingBox())?.y).toBe(nextRowAt);
  held.release();
  await page.getByRole('status').filter({ hasText: 'da sincronizzare' }).waitFor({ state: 'detached' });
  expect((await row(page, '002').boundingBox())?.y).toBe(nextRowAt);
  await expect.poll(() => opacity('001')).toBeLessThan(0.6);
  expect(await opacity('003')).toBe(1);

  // A mis-tap is put right on the greyed row itself: missing again, it is no longer greyed.
  await button(row(page, '002'), 'Mancante').click();
  await expect.poll(() => opacity('002')).toBe(1);

  await chooseFilter(page, 'Possedute');
  await chooseFilter(page, 'Mancanti');
  await row(page, '005').waitFor();
  expect(await shownNumbers(page)).toEqual(['002', '003', '004', '005']);
  await context.close();
});

test("an album without stickers says 'Nessuna figurina trovata'", async () => {
  const album = await createAlbum(server.databaseUrl, { name: albumName('Vuoto'), stickers: 0 });
  const { context, page } = await collector();
  expect(await openButton(page, album).textContent()).toContain('0 figurine');
  await openAlbum(page, album);
  await page.getByText('Nessuna figurina trovata', { exact: true }).waitFor();
  await context.close();
});

test("the statistics popup counts Possedute, Mancanti, Doppie ('4 (2 numeri)' with spares) and the completion percent", async () => {
  const album = await createAlbum(server.databaseUrl, { name: albumName('Conti'), stickers: 7 });
  const { context, page } = await collector();
  await markOnServer(page, album, { '1': 'yes', '2': 'double' });
  await openAlbum(page, album);
  await button(row(page, '005'), 'Posseduta').click();

  await page.getByRole('button', { name: 'Statistiche' }).click();
  const popup = page.getByRole('dialog', { name: 'Statistiche' });
  await popup.waitFor();
  const figure = (name: string) => popup.getByRole('row', { name, exact: true });
  // 3 of 7 owned: 42.86% rounds to 43%.
  for (const name of ['Possedute 3', 'Mancanti 4', 'Doppie 1', 'Completamento 43%']) {
    expect(await figure(name).isVisible(), name).toBe(true);
  }
  await page.keyboard.press('Escape');
  await popup.waitFor({ state: 'hidden' });

  await button(row(page, '005'), 'Doppia').click();
  await button(row(page, '001'), 'Mancante').click();
  await page.getByRole('button', { name: 'Statistiche' }).click();
  await popup.waitFor();
  for (const name of ['Possedute 2', 'Mancanti 5', 'Doppie 2', 'Completamento 29%']) {
    expect(await figure(name).isVisible(), name).toBe(true);
  }
  await page.keyboard.press('Escape');
  await popup.waitFor({ state: 'hidden' });

  // With 3 spares of 002 (and 1 of 005), the doubles say how many copies and how many numbers.
  const spares = await page.request.put(`/api/user/stickers/${album.stickers[1]?.id}`, {
    data: { status: 'double', spares: 3 },
  });
  expect(spares.status()).toBe(200);
  await page.reload();
  await row(page, '002').waitFor();
  await page.getByRole('button', { name: 'Statistiche' }).click();
  await expect.poll(() => figure('Doppie 4 (2 numeri)').isVisible()).toBe(true);
  await context.close();
});

test("tapping a sticker's number or name opens 'Figurina #NNN' with its details and status badge", async () => {
  const album = await createAlbum(server.databaseUrl, {
    name: albumName('Dettagli'),
    stickers: [
      { number: '7', name: 'Mario Rossi', team: 'Aquile del Brenta', description: 'Portiere' },
      { number: 'SPE 3', name: 'Lo stadio', team: null, description: null },
    ],
  });
  const { context, page } = await collector();
  await openAlbum(page, album);
  const seven = row(page, '007');
  expect(await seven.textContent()).toContain('Aquile del Brenta');

  await seven.getByText('007', { exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Figurina #007' });
  await dialog.waitFor();
  for (const text of ['Mario Rossi', 'Aquile del Brenta', 'Portiere', 'Mancante']) {
    expect(await dialog.getByText(text, { exact: true }).isVisible(), text).toBe(true);
  }
  await dialog.getByRole('button', { name: 'Chiudi' }).click();
  await dialog.waitFor({ state: 'hidden' });

  await button(seven, 'Posseduta').click();
  await seven.getByText('Mario Rossi', { exact: true }).click();
  await dialog.getByText('Posseduta', { exact: true }).waitFor();
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'hidden' });
  await button(seven, 'Doppia').click();
  await seven.getByText('Mario Rossi', { exact: true }).click();
  await dialog.getByText('Doppia', { exact: true }).waitFor();
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'hidden' });

  await row(page, 'SPE 3').getByText('Lo stadio', { exact: true }).click();
  const special = page.getByRole('dialog', { name: 'Figurina #SPE 3' });
  await special.waitFor();
  await expect.poll(() => special.getByText('Mancante', { exact: true }).isVisible()).toBe(true);
  expect(await special.getByText('Portiere').count()).toBe(0);
  await context.close();
});

test('the back button and the Album tab bring the album list back, also from another page', async () => {
  const album = await createAlbum(server.databaseUrl, { name: albumName('Ritorno'), stickers: 3 });
  const { context, page } = await collector();
  const list = page.getByRole('heading', { name: 'Album', exact: true });
  const tab = page.getByRole('navigation', { name: 'Navigazione principale' }).getByRole('button', {
    name: 'Album',
  });
  await openAlbum(page, album);
  await page.getByRole('button', { name: 'Torna agli album' }).click();
  await list.waitFor();

  await openAlbum(page, album);
  await tab.click();
  await list.waitFor();
  expect(await stickerList(page).count()).toBe(0);

  // Leaving the screen keeps the album open for when the collector comes back by other ways…
  await openAlbum(page, album);
  await page.goto('/profile');
  await page.getByRole('heading', { name: 'Profilo', exact: true }).waitFor();
  await page.goto('/album');
  await page.getByRole('heading', { name: album.name, exact: true }).waitFor();
  // …but the Album tab, tapped from elsewhere, always lands on the list.
  await page.goto('/profile');
  await page.getByRole('heading', { name: 'Profilo', exact: true }).waitFor();
  await tab.click();
  await list.waitFor();
  expect(await stickerList(page).count()).toBe(0);
  await context.close();
});

test('/album?reset=true brings the album list back and drops the flag from the address', async () => {
  const album = await createAlbum(server.databaseUrl, { name: albumName('Reset'), stickers: 3 });
  const { context, page } = await collector();
  await openAlbum(page, album);
  await page.reload();
  await page.getByRole('heading', { name: album.name, exact: true }).waitFor();

  await page.goto('/album?reset=true');
  await page.getByRole('heading', { name: 'Album', exact: true }).waitFor();
  expect(await stickerList(page).count()).toBe(0);
  await page.waitForURL((url) => url.pathname === '/album' && url.search === '');
  await page.reload();
  await openButton(page, album).waitFor();
  expect(await stickerList(page).count()).toBe(0);
  await context.close();
});

test("the server's refusal of a tap puts the sticker back and shows an 'Errore' toast with its reason", async () => {
  const album = await createAlbum(server.databaseUrl, { name: albumName('Errore'), stickers: 3 });
  const { context, page } = await collector();
  await openAlbum(page, album);
  // The admin removes the sticker while the collector still sees it: the procedure refuses the tap.
  await sql(server.databaseUrl, 'delete from sticker where id = $1', [album.stickers[0]?.id]);
  const first = row(page, '001');
  await button(first, 'Posseduta').click();
  const error = toast(page, 'Errore');
  await error.waitFor();
  expect(await error.textContent()).toContain(STICKER_NOT_FOUND_MESSAGE);
  await expect.poll(() => pressed(first)).toEqual({ have: false, missing: true, double: false });
  expect(await page.getByText('modifica da sincronizzare').count()).toBe(0);
  await context.close();
});

test("an answer that is not the procedure's (a server error, a proxy's error page) keeps the tap and sends it later", async () => {
  const album = await createAlbum(server.databaseUrl, { name: albumName('Proxy'), stickers: 3 });
  const { context, page } = await collector();
  await openAlbum(page, album);
  const answers = [
    { status: 500, contentType: 'application/json', body: trpcFailure('collection.setStatus', 'Errore') },
    { status: 502, contentType: 'text/html', body: '<html><body>Bad Gateway</body></html>' },
  ];
  const broken = (url: URL) => url.pathname === '/trpc/collection.setStatus';
  let answered = 0;
  await page.route(broken, (route) => {
    answered += 1;
    return route.fulfill(answers[answered % 2] as (typeof answers)[number]);
  });
  const third = row(page, '003');
  await button(third, 'Posseduta').click();
  await page.getByRole('status').filter({ hasText: '1 modifica da sincronizzare' }).waitFor();
  await expect.poll(() => answered).toBeGreaterThan(0);
  await expect.poll(() => pressed(third)).toEqual({ have: true, missing: false, double: false });
  expect(await toast(page, 'Errore').count()).toBe(0);

  await page.unroute(broken);
  await expect.poll(() => serverStatuses(page, album), { timeout: 15_000 }).toEqual({ '3': 'yes' });
  await expect.poll(() => page.getByText('modifica da sincronizzare').count()).toBe(0);
  await context.close();
});

test('a lost connection during an update keeps the tap, says it waits, and sends it when the server answers again', async () => {
  const album = await createAlbum(server.databaseUrl, { name: albumName('Rete'), stickers: 3 });
  const { context, page } = await collector();
  await markOnServer(page, album, { '2': 'yes' });
  await openAlbum(page, album);
  const second = row(page, '002');
  const cutOff = (url: URL) => url.pathname === '/trpc/collection.setStatus';
  await page.route(cutOff, (route) => route.abort('internetdisconnected'));
  await button(second, 'Doppia').click();
  await page.getByRole('status').filter({ hasText: '1 modifica da sincronizzare' }).waitFor();
  await expect.poll(() => pressed(second)).toEqual({ have: true, missing: false, double: true });
  // Not an error: nothing is lost, so no error toast.
  expect(await toast(page, 'Errore').count()).toBe(0);

  await page.unroute(cutOff);
  await expect.poll(() => serverStatuses(page, album), { timeout: 15_000 }).toEqual({ '2': 'double' });
  await expect.poll(() => page.getByText('modifica da sincronizzare').count()).toBe(0);
  await context.close();
});

test('when the album list cannot be loaded, an error and Riprova show, and Riprova loads it', async () => {
  const album = await createAlbum(server.databaseUrl, { name: albumName('Riprova'), stickers: 2 });
  const { context, page } = await phoneOf(await registeredUser(server.url));
  let failing = true;
  await page.route(
    (url) => url.pathname === '/trpc/albums.list',
    (route) =>
      failing
        ? route.fulfill({
            status: 500,
            contentType: 'application/json',
            body: trpcFailure('albums.list', 'Si è verificato un errore interno. Riprova più tardi.'),
          })
        : route.continue(),
  );
  await page.goto('/album');
  const failure = page.getByRole('alert').filter({ hasText: 'Si è verificato un errore interno' });
  await failure.waitFor();
  failing = false;
  await failure.getByRole('button', { name: 'Riprova' }).click();
  await openButton(page, album).waitFor();
  expect(await failure.count()).toBe(0);
  await context.close();
});

test("the list prefetches the first album's stickers, so opening it asks only for the collector's marks", async () => {
  const album = await createAlbum(server.databaseUrl, {
    name: albumName('Primo'),
    stickers: 4,
    position: 'first',
  });
  const { context, page } = await collector();
  const calls = recordTrpcCalls(page);
  await page.reload();
  const first = page.getByRole('list', { name: 'Album' }).getByRole('button').first();
  await first.waitFor();
  expect(await first.textContent()).toContain(album.name);
  await expect.poll(() => calls.includes('stickers.list')).toBe(true);
  await page.waitForLoadState('networkidle');
  calls.length = 0;
  await first.click();
  await stickerList(page).waitFor();
  expect(calls).toContain('collection.list');
  expect(calls).not.toContain('stickers.list');
  await context.close();
});

test('a 720-sticker album opens with only the rows on screen and scrolls to its last sticker', async () => {
  const album = await createAlbum(server.databaseUrl, { name: albumName('Grande'), stickers: 720 });
  const { context, page } = await collector();
  await openAlbum(page, album);
  await row(page, '001').waitFor();
  const rendered = await stickerList(page).getByRole('listitem').count();
  expect(rendered).toBeGreaterThan(5);
  expect(rendered).toBeLessThan(60);

  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  const last = row(page, '720');
  await last.waitFor();
  const box = await last.boundingBox();
  const tabBar = await page.getByRole('navigation', { name: 'Navigazione principale' }).boundingBox();
  expect(box && tabBar && box.y >= 0 && box.y + box.height <= tabBar.y + 1).toBe(true);
  expect(await last.textContent()).toContain('Giocatore 720');
  expect(await row(page, '001').count()).toBe(0);
  expect(await stickerList(page).getByRole('listitem').count()).toBeLessThan(60);

  await button(last, 'Posseduta').click();
  await expect.poll(() => pressed(last)).toEqual({ have: true, missing: false, double: false });
  // The filters stay at hand at the bottom of a long list.
  await expect.poll(() => filters(page).isVisible()).toBe(true);
  await chooseFilter(page, 'Possedute');
  await last.waitFor();
  expect(await shownNumbers(page)).toEqual(['720']);
  await context.close();
});

test('the grid of numbers puts a 720-sticker album on a few screens; a tap adds a copy and the cell shows the count', async () => {
  const album = await createAlbum(server.databaseUrl, { name: albumName('Griglia'), stickers: 720 });
  const { context, page } = await collector();
  await openAlbum(page, album);
  await page.getByRole('button', { name: 'Griglia dei numeri' }).click();
  const grid = page.getByRole('list', { name: 'Griglia delle figurine' });
  const cell = (shown: string) => grid.getByRole('button', { name: new RegExp(`^${shown}:`) });
  await cell('001').waitFor();
  expect(await grid.getByRole('button').count()).toBe(720);
  // Seven cells a row: the whole album in under six screens of the 390x844 phone.
  expect((await grid.boundingBox())?.height).toBeLessThan(6 * 844);

  await cell('001').click();
  await expect.poll(() => cell('001').getAttribute('aria-label')).toBe('001: 1 copia');
  await cell('001').click();
  await expect.poll(() => cell('001').getAttribute('aria-label')).toBe('001: 2 copie');
  expect(await cell('001').textContent()).toBe('001+1');
  await expect.poll(() => serverStatuses(page, album)).toEqual({ 1: 'double' });
  await cell('001').click();
  await expect.poll(() => cell('001').getAttribute('aria-label')).toBe('001: 3 copie');
  const spares = async () =>
    ((await (await page.request.get(`/api/user/stickers/${album.id}`)).json()) as { spares?: number }[])[0]
      ?.spares;
  await expect.poll(spares).toBe(2);

  // A long press opens the sticker's details, where the spares go down again.
  const box = await cell('001').boundingBox();
  if (!box) throw new Error('no cell');
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.waitForTimeout(800);
  await page.mouse.up();
  const dialog = page.getByRole('dialog', { name: 'Figurina #001' });
  await dialog.getByRole('button', { name: 'Una copia in meno' }).click();
  await expect.poll(spares).toBe(1);
  await page.keyboard.press('Escape');
  await expect.poll(() => cell('001').getAttribute('aria-label')).toBe('001: 2 copie');

  // The grid is this phone's choice: it is there again after a reload, and the list one tap away.
  await page.reload();
  await cell('720').waitFor();
  await page.getByRole('button', { name: 'Griglia dei numeri', pressed: true }).click();
  await row(page, '001').waitFor();
  await context.close();
});

test('on a desktop the album opens and works the same, without the tab bar', async () => {
  const album = await createAlbum(server.databaseUrl, { name: albumName('Desktop'), stickers: 5 });
  const { context, page } = await collector(server, DESKTOP);
  await openAlbum(page, album);
  await button(row(page, '003'), 'Posseduta').click();
  await expect.poll(() => pressed(row(page, '003'))).toEqual({ have: true, missing: false, double: false });
  await page.getByRole('button', { name: 'Torna agli album' }).click();
  await page.getByRole('heading', { name: 'Album', exact: true }).waitFor();
  expect(pathOf(page)).toBe('/album');
  await context.close();
});
