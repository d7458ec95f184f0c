import fs from 'node:fs/promises';
import type { Locator, Page } from 'playwright-core';
import { expect, test } from 'vitest';
import { registeredUser } from '../test/support/api-client.ts';
import { classifyStickers, createAlbum, type TestAlbum } from '../test/support/catalogue.ts';
import { seriousAxeViolations } from './support/axe.ts';
import { setUpE2eApp } from './support/e2e-app.ts';

// The opened album's list of stickers: its search box, the spare copies of a double, and 'Annulla' after a tap.

const { server, phoneOf } = setUpE2eApp();

const stickerList = (page: Page) => page.getByRole('list', { name: 'Figurine' });
const row = (page: Page, shown: string) =>
  stickerList(page)
    .getByRole('listitem')
    .filter({ has: page.getByText(shown, { exact: true }) });

async function markOnServer(
  page: Page,
  album: TestAlbum,
  numbers: string[],
  status: 'yes' | 'double' = 'yes',
) {
  for (const number of numbers) {
    const sticker = album.stickers.find((candidate) => candidate.number === number);
    const response = await page.request.put(`/api/user/stickers/${sticker?.id}`, { data: { status } });
    expect(response.status()).toBe(200);
  }
}

// The search box.

const NAMES: Record<number, string> = {
  1: 'Mario Rossi',
  2: 'Luca Bianchi',
  3: 'Niccolò Verdi',
  13: 'Cervo volante: ritratto',
  30: 'Cervo volante: curiosità',
};

/** 1…40 (a few with names to look for), then ITA 3 and SPE 1. */
function searchAlbum() {
  return createAlbum(server.databaseUrl, {
    name: `Ricerca ${Math.random().toString(36).slice(2, 7)}`,
    stickers: [
      ...Array.from({ length: 40 }, (_, i) => ({
        number: String(i + 1),
        name: NAMES[i + 1] ?? `Giocatore ${i + 1}`,
        team: 'Squadra Azzurra',
      })),
      { number: 'ITA 3', name: 'Italia: la squadra', team: null },
      { number: 'SPE 1', name: 'Lo stadio', team: null },
    ],
  });
}

async function openAsNewcomer(album: TestAlbum) {
  const { context, page } = await phoneOf(await registeredUser(server.url));
  await page.goto(`/album/${album.id}`);
  await page.getByRole('heading', { name: album.name, exact: true }).waitFor();
  await stickerList(page).waitFor();
  return { context, page };
}

const searchBox = (page: Page) => page.getByRole('searchbox', { name: 'Cerca numero o nome' });
const clearButton = (page: Page) => page.getByRole('button', { name: 'Cancella la ricerca' });

/** The numbers of the rows shown, once the list has settled on `expected` (or the poll times out). */
async function expectShown(page: Page, expected: string[]) {
  await expect
    .poll(async () => {
      if ((await stickerList(page).count()) === 0) return [];
      const rows = await stickerList(page).getByRole('listitem').allInnerTexts();
      return rows.map((text) => text.split('\n')[0]?.trim());
    })
    .toEqual(expected);
}

const sizeOf = async (element: Locator) => {
  const box = await element.boundingBox();
  return { width: box?.width ?? 0, height: box?.height ?? 0 };
};

test('the search box finds stickers by number: 3 finds 003, 030–039 and ITA 3, leading zeros aside', async () => {
  const album = await searchAlbum();
  const { context, page } = await openAsNewcomer(album);
  const thirties = Array.from({ length: 10 }, (_, i) => String(30 + i).padStart(3, '0'));

  await searchBox(page).fill('3');
  await expectShown(page, ['003', ...thirties, 'ITA 3']);
  await searchBox(page).fill('13');
  await expectShown(page, ['013']);
  await searchBox(page).fill('003');
  await expectShown(page, ['003', ...thirties, 'ITA 3']);
  await searchBox(page).fill('ita 3');
  await expectShown(page, ['ITA 3']);
  await searchBox(page).fill('SPE 1');
  await expectShown(page, ['SPE 1']);
  await context.close();
});

test('the search box finds stickers by name, whatever the case and accents', async () => {
  const album = await searchAlbum();
  const { context, page } = await openAsNewcomer(album);
  await searchBox(page).fill('nicco');
  await expectShown(page, ['003']);
  await searchBox(page).fill('CERVO VOLANTE');
  await expectShown(page, ['013', '030']);
  await searchBox(page).fill('curiosita');
  await expectShown(page, ['030']);
  await searchBox(page).fill('  Rossi ');
  await expectShown(page, ['001']);
  await context.close();
});

test('deep in the list, a search shows its stickers from the top, right below the search box', async () => {
  const album = await searchAlbum();
  const { context, page } = await openAsNewcomer(album);
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await row(page, 'SPE 1').waitFor();
  await searchBox(page).fill('cervo');
  await expectShown(page, ['013', '030']);
  const search = await searchBox(page).boundingBox();
  const first = await row(page, '013').boundingBox();
  expect(search && first && first.y > search.y && first.y < 844).toBe(true);
  await context.close();
});

test('search and filter combine; with no match it says so in Italian, and × clears the search', async () => {
  const album = await searchAlbum();
  const { context, page } = await openAsNewcomer(album);
  await markOnServer(page, album, ['1', '13']);
  await page.reload();
  await stickerList(page).waitFor();
  await page
    .getByRole('radiogroup', { name: 'Filtra le figurine' })
    .getByText('Possedute', { exact: true })
    .click();
  await expectShown(page, ['001', '013']);

  await searchBox(page).fill('cervo');
  await expectShown(page, ['013']);
  await searchBox(page).fill('stadio');
  await page.getByText('Nessuna figurina trovata per “stadio” tra le Possedute', { exact: true }).waitFor();
  expect(await stickerList(page).count()).toBe(0);
  // 'Cerca in Tutte' keeps the words and drops the filter.
  await page.getByRole('button', { name: 'Cerca in Tutte' }).click();
  await expectShown(page, ['SPE 1']);
  expect(await searchBox(page).inputValue()).toBe('stadio');

  await searchBox(page).fill('zzz');
  await page.getByText('Nessuna figurina trovata per “zzz”', { exact: true }).waitFor();
  // The × is a thumb-sized button, the text 16 px (no zoom on iOS).
  const clear = clearButton(page).first();
  const size = await sizeOf(clear);
  expect(size.width).toBeGreaterThanOrEqual(44);
  expect(size.height).toBeGreaterThanOrEqual(44);
  expect(await searchBox(page).evaluate((input) => getComputedStyle(input).fontSize)).toBe('16px');
  await clear.click();
  expect(await searchBox(page).inputValue()).toBe('');
  await row(page, '001').waitFor();
  expect(await page.getByText('Nessuna figurina trovata').count()).toBe(0);
  expect(await clearButton(page).count()).toBe(0);
  await context.close();
});

test("the search box opens the numeric keypad; 'ABC' switches to letters and back, keeping the focus", async () => {
  const album = await searchAlbum();
  const { context, page } = await openAsNewcomer(album);
  const box = searchBox(page);
  expect(await box.getAttribute('inputmode')).toBe('numeric');
  await box.click();
  await page.getByRole('button', { name: 'Tastiera con lettere (ABC)' }).click();
  expect(await box.getAttribute('inputmode')).toBe('text');
  expect(await box.evaluate((input) => input === document.activeElement)).toBe(true);
  await page.keyboard.type('cervo');
  expect(await box.inputValue()).toBe('cervo');
  await page.getByRole('button', { name: 'Tastiera numerica (123)' }).click();
  expect(await box.getAttribute('inputmode')).toBe('numeric');
  const size = await sizeOf(page.getByRole('button', { name: 'Tastiera con lettere (ABC)' }));
  expect(size.height).toBeGreaterThanOrEqual(44);
  await context.close();
});

// Spare copies.

type Mark = { stickerId: number; status: string; spares?: number };

test("a double's details set its spare copies (×3 is two to give away), saved on the server", async () => {
  const album = await createAlbum(server.databaseUrl, { name: 'Copie 2026', stickers: 3 });
  const anna = await registeredUser(server.url);
  const marked = await anna.api.post('/api/user/stickers/bulk', {
    albumId: album.id,
    numbers: '1',
    status: 'double',
  });
  expect(marked.status).toBe(200);
  const sticker = album.stickers[0];
  if (!sticker) throw new Error('no sticker');
  const sparesOnServer = async () =>
    (await anna.api.get<Mark[]>(`/api/user/stickers/${album.id}`)).body.find(
      (mark) => mark.stickerId === sticker.id,
    )?.spares;

  const { context, page } = await phoneOf(anna);
  await page.goto(`/album/${album.id}`);
  await page.getByText('Giocatore 1', { exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Figurina #001' });
  const count = dialog.getByRole('status');
  await expect.poll(() => count.textContent()).toBe('1');
  expect(await dialog.getByRole('button', { name: 'Una copia in meno' }).isDisabled()).toBe(true);

  await dialog.getByRole('button', { name: 'Una copia in più' }).click();
  await expect.poll(sparesOnServer).toBe(2);
  await dialog.getByRole('button', { name: 'Una copia in più' }).click();
  await expect.poll(sparesOnServer).toBe(3);
  await dialog.getByText('×4 in tutto').waitFor();

  await dialog.getByRole('button', { name: 'Una copia in meno' }).click();
  await expect.poll(sparesOnServer).toBe(2);
  await expect.poll(() => count.textContent()).toBe('2');

  // Closed: the row's double button says how many spares there are to give away.
  await page.keyboard.press('Escape');
  await expect.poll(() => dialog.isVisible()).toBe(false);
  await expect.poll(() => page.getByRole('button', { name: 'Doppia' }).first().textContent()).toBe('+2');

  // A sticker I only have shows no spares to set.
  await page.getByText('Giocatore 2', { exact: true }).click();
  await page.getByRole('dialog', { name: 'Figurina #002' }).waitFor();
  expect(await page.getByText('Copie da scambiare').count()).toBe(0);
  await context.close();
});

test("a long press on a row's double button makes it a double and opens the stepper of its spare copies", async () => {
  const album = await createAlbum(server.databaseUrl, { name: 'Pressione 2026', stickers: 3 });
  const anna = await registeredUser(server.url);
  expect(
    (await anna.api.post('/api/user/stickers/bulk', { albumId: album.id, numbers: '2', status: 'yes' }))
      .status,
  ).toBe(200);
  const { context, page } = await phoneOf(anna);
  await page.goto(`/album/${album.id}`);
  const row = page.getByRole('listitem').filter({ hasText: 'Giocatore 2' });
  const double = row.getByRole('button', { name: 'Doppia' });
  await expect.poll(() => double.textContent()).toBe('×2');

  const box = await double.boundingBox();
  if (!box) throw new Error('no double button');
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.waitForTimeout(800);
  await page.mouse.up();

  const dialog = page.getByRole('dialog', { name: 'Figurina #002' });
  await dialog.getByText('Copie da scambiare').waitFor();
  await dialog.getByRole('button', { name: 'Una copia in più' }).click();
  await expect.poll(() => dialog.getByRole('status').textContent()).toBe('2');
  await page.keyboard.press('Escape');
  await expect.poll(() => double.textContent()).toBe('+2');
  expect(await double.getAttribute('aria-pressed')).toBe('true');
  await context.close();
});

// 'Annulla' after a tap.

async function openAlbumAsNewcomer(stickers: number) {
  const album = await createAlbum(server.databaseUrl, {
    name: `Annulla ${Math.random().toString(36).slice(2, 7)}`,
    stickers,
  });
  const { context, page } = await phoneOf(await registeredUser(server.url));
  return { album, context, page };
}

async function openAlbum(page: Page, album: TestAlbum) {
  await page.goto(`/album/${album.id}`);
  await page.getByRole('heading', { name: album.name, exact: true }).waitFor();
}

type ButtonName = 'Posseduta' | 'Mancante' | 'Doppia';
const button = (where: Locator, name: ButtonName) => where.getByRole('button', { name, exact: true });

async function pressed(where: Locator) {
  const state = async (name: ButtonName) =>
    (await button(where, name).getAttribute('aria-pressed')) === 'true';
  return { have: await state('Posseduta'), missing: await state('Mancante'), double: await state('Doppia') };
}

/** The snackbar after a tap: what happened, and 'Annulla'. */
const snackbar = (page: Page, text: string) => page.getByRole('alert').filter({ hasText: text });

async function serverStatuses(page: Page, album: TestAlbum) {
  const response = await page.request.get(`/api/user/stickers/${album.id}`);
  const records = (await response.json()) as { stickerId: number; status: string }[];
  const numberOf = new Map(album.stickers.map((sticker) => [sticker.id, sticker.number]));
  return Object.fromEntries(records.map((record) => [numberOf.get(record.stickerId), record.status]));
}

test("after a tap, 'Annulla' in the snackbar puts the previous status back, on the server too", async () => {
  const { album, context, page } = await openAlbumAsNewcomer(3);
  await markOnServer(page, album, ['2'], 'yes');
  await openAlbum(page, album);
  const second = row(page, '002');
  await expect.poll(() => pressed(second)).toEqual({ have: true, missing: false, double: false });

  await button(second, 'Doppia').click();
  const doubled = snackbar(page, '#002: Doppia');
  // 'Annulla' is there for 5 s only: tapped at once, before anything else is checked.
  await doubled.getByRole('button', { name: 'Annulla' }).click();
  await expect.poll(() => pressed(second)).toEqual({ have: true, missing: false, double: false });
  await doubled.waitFor({ state: 'detached' });

  // A missing sticker marked by mistake goes back to missing.
  const first = row(page, '001');
  await button(first, 'Posseduta').click();
  await snackbar(page, '#001: Posseduta').getByRole('button', { name: 'Annulla' }).click();
  await expect.poll(() => pressed(first)).toEqual({ have: false, missing: true, double: false });
  // Taps go out in the order they were made: once this one is saved, so are the undone ones before it.
  await button(row(page, '003'), 'Posseduta').click();
  await expect.poll(() => serverStatuses(page, album)).toEqual({ '2': 'yes', '3': 'yes' });
  await context.close();
});

test('a new tap replaces the snackbar: Annulla undoes the latest tap only', async () => {
  const { album, context, page } = await openAlbumAsNewcomer(3);
  await openAlbum(page, album);
  await button(row(page, '001'), 'Posseduta').click();
  await snackbar(page, '#001: Posseduta').waitFor();
  await button(row(page, '003'), 'Posseduta').click();
  const latest = snackbar(page, '#003: Posseduta');
  await latest.waitFor();
  await expect.poll(() => page.getByRole('alert').count()).toBe(1);
  await latest.getByRole('button', { name: 'Annulla' }).click();
  await expect.poll(() => pressed(row(page, '003'))).toEqual({ have: false, missing: true, double: false });
  await button(row(page, '002'), 'Posseduta').click();
  await expect.poll(() => serverStatuses(page, album)).toEqual({ '1': 'yes', '2': 'yes' });
  await context.close();
});

test('Annulla works without a connection: the previous status, a waiting tap included, goes out when it returns', async () => {
  const { album, context, page } = await openAlbumAsNewcomer(3);
  await markOnServer(page, album, ['1'], 'yes');
  await openAlbum(page, album);
  await context.setOffline(true);
  const second = row(page, '002');
  await button(second, 'Posseduta').click();
  await button(second, 'Doppia').click();
  // The row showed 'yes' (a tap still waiting, over the server's 'no'): that is what comes back.
  await snackbar(page, '#002: Doppia').getByRole('button', { name: 'Annulla' }).click();
  await expect.poll(() => pressed(second)).toEqual({ have: true, missing: false, double: false });

  const first = row(page, '001');
  await button(first, 'Mancante').click();
  await snackbar(page, '#001: Mancante').getByRole('button', { name: 'Annulla' }).click();
  await expect.poll(() => pressed(first)).toEqual({ have: true, missing: false, double: false });
  expect(await serverStatuses(page, album)).toEqual({ '1': 'yes' });

  await context.setOffline(false);
  await expect
    .poll(() => serverStatuses(page, album), { timeout: 15_000 })
    .toEqual({ '1': 'yes', '2': 'yes' });
  await expect.poll(() => page.getByText('da sincronizzare').count()).toBe(0);
  await context.close();
});

// Kinds and sections (issue 49).

test("special and extra stickers show at a glance, extras count apart ('Extra: 1 di 2') everywhere, and a section filters the album", async () => {
  const album = await createAlbum(server.databaseUrl, {
    name: `Sezioni ${Math.random().toString(36).slice(2, 7)}`,
    stickers: ['1', '2', '3', '4', 'P1', 'X1', 'X2'].map((number) => ({
      number,
      name: `Figurina ${number}`,
    })),
  });
  await classifyStickers(server.databaseUrl, album.id, {
    speciale: ['P1'],
    extra: ['X1', 'X2'],
    sections: { Squadre: ['1', '2'], Calciomercato: ['3', '4', 'P1'] },
  });
  const { context, page } = await openAsNewcomer(album);
  await markOnServer(page, album, ['1', 'X1']);
  await page.reload();
  await stickerList(page).waitFor();

  // Of the five counted stickers I have one: the extra I have is counted apart.
  await page.getByRole('group', { name: 'Figurine extra' }).getByText('Extra: 1 di 2').waitFor();
  await page.getByRole('link', { name: 'Le mie ultime: te ne mancano 4' }).waitFor();
  await page.getByRole('link', { name: 'Ordina le ultime: 4 figurine' }).waitFor();
  await row(page, 'P1').getByText('Speciale', { exact: true }).waitFor();
  await row(page, 'X1').getByText('Extra', { exact: true }).waitFor();
  expect(
    await row(page, '001')
      .getByText(/Speciale|Extra/)
      .count(),
  ).toBe(0);
  await page.getByRole('button', { name: 'Statistiche' }).click();
  for (const [label, value] of [
    ['Possedute', '1'],
    ['Mancanti', '4'],
    ['Completamento', '20%'],
    ['Extra', '1 di 2'],
  ]) {
    await page.getByRole('row', { name: `${label} ${value}`, exact: true }).waitFor();
  }
  await page.keyboard.press('Escape');

  // 'Sezione' beside the filters, a thumb-sized select.
  const sections = page.getByRole('combobox', { name: 'Sezione' });
  expect((await sizeOf(sections)).height).toBeGreaterThanOrEqual(44);
  await sections.selectOption('Calciomercato');
  await expectShown(page, ['003', '004', 'P1']);
  expect(await seriousAxeViolations(page)).toEqual([]);
  const filters = page.getByRole('radiogroup', { name: 'Filtra le figurine' });
  await filters.getByText('Possedute', { exact: true }).click();
  await page
    .getByText('Nessuna figurina tra le Possedute nella sezione “Calciomercato”', { exact: true })
    .waitFor();
  await page.getByRole('button', { name: 'Tutte le sezioni' }).click();
  await expectShown(page, ['001', 'X1']);
  await filters.getByText('Tutte', { exact: true }).click();
  await sections.selectOption('Calciomercato');

  // The grid says the kind in each cell's name and marks it in a corner.
  await page.getByRole('button', { name: 'Griglia dei numeri' }).click();
  await page.getByRole('button', { name: 'P1: mancante, speciale', exact: true }).waitFor();
  expect(await page.getByRole('button', { name: /^X1/ }).count()).toBe(0);
  await sections.selectOption('Tutte le sezioni');
  await page.getByRole('button', { name: 'X1: 1 copia, extra', exact: true }).waitFor();
  await page.getByRole('button', { name: 'X2: mancante, extra', exact: true }).waitFor();
  await page.getByRole('button', { name: '001: 1 copia', exact: true }).waitFor();
  expect(await seriousAxeViolations(page)).toEqual([]);

  // The album list and Home count the same way.
  await page.getByRole('button', { name: 'Torna agli album' }).click();
  await page.getByRole('button', { name: album.name }).getByText('1/5 · 20%').waitFor();
  await page.goto('/');
  const counter = (label: string) => page.getByRole('group', { name: label, exact: true });
  await expect.poll(() => counter('Mancanti').textContent()).toContain('4');
  expect(await counter('Possedute').textContent()).toContain('1');
  await context.close();
});

// 'Album completato' (issue 49).

type SharedImage = { name: string; type: string; width: number; height: number };

test("marking the last counted sticker shows 'Album completato!' at once, offline too; its picture is shared or downloaded; its double put in regalo is asked for from 'Le mie ultime'; the list and Home say completed", async () => {
  const album = await createAlbum(server.databaseUrl, {
    name: `Completo ${Math.random().toString(36).slice(2, 7)}`,
    stickers: ['1', '2', '3', 'X1'].map((number) => ({ number, name: `Figurina ${number}` })),
  });
  await classifyStickers(server.databaseUrl, album.id, { extra: ['X1'] });
  const fileName = `scambio-figurine-${album.name.toLowerCase().replace(' ', '-')}.png`;
  const collector = await registeredUser(server.url);
  const { context, page } = await phoneOf(collector);
  // A share sheet that takes files while the page says so, recording what it is given.
  await context.addInitScript(() => {
    const shared: SharedImage[] = [];
    const sharing = { files: true };
    Object.assign(window, { shared, sharing });
    Object.defineProperty(Navigator.prototype, 'canShare', {
      configurable: true,
      value: (data: ShareData) => sharing.files && (data.files?.length ?? 0) > 0,
    });
    Object.defineProperty(Navigator.prototype, 'share', {
      configurable: true,
      value: async (data: ShareData) => {
        for (const file of data.files ?? []) {
          const { width, height } = await createImageBitmap(file);
          shared.push({ name: file.name, type: file.type, width, height });
        }
      },
    });
  });
  await markOnServer(page, album, ['1']);
  await markOnServer(page, album, ['2'], 'double');
  await openAlbum(page, album);
  const completed = page.getByRole('region', { name: 'Album completato!' });
  await page.getByRole('link', { name: 'Le mie ultime: te ne manca 1' }).waitFor();
  expect(await completed.count()).toBe(0);

  // The last counted sticker, marked without a connection: the card follows this device's marks, the
  // extra still missing.
  await context.setOffline(true);
  await button(row(page, '003'), 'Posseduta').click();
  await completed.getByText(`Hai completato ${album.name}.`).waitFor();
  await page.getByRole('group', { name: 'Figurine extra' }).getByText('Extra: 0 di 1').waitFor();
  expect(await page.getByRole('link', { name: /Le mie ultime/ }).count()).toBe(0);
  await context.setOffline(false);
  await expect
    .poll(() => serverStatuses(page, album), { timeout: 15_000 })
    .toEqual({ '1': 'yes', '2': 'double', '3': 'yes' });

  const share = completed.getByRole('button', { name: "Condividi l'immagine" });
  await share.click();
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { shared: SharedImage[] }).shared))
    .toEqual([{ name: fileName, type: 'image/png', width: 1080, height: 1080 }]);

  // The double left, put in regalo: a collector nearby finds it in 'Le mie ultime' (issue 49, row 5).
  await completed.getByText('Ti resta 1 doppione: puoi regalarlo a chi lo cerca vicino a te.').waitFor();
  await completed.getByRole('button', { name: 'Metti in regalo i doppioni' }).click();
  const given = 'Il tuo doppione è in regalo: chi lo cerca ti trova in «Le mie ultime».';
  await completed.getByRole('status').filter({ hasText: given }).waitFor();
  expect(await seriousAxeViolations(page)).toEqual([]);
  const seeker = await phoneOf(await registeredUser(server.url));
  await seeker.page.goto(`/album/${album.id}/ultime`);
  const wanted = seeker.page.getByRole('article', { name: '002 Figurina 2' });
  await wanted.getByText(collector.nickname, { exact: true }).waitFor();
  await wanted.getByText('In regalo', { exact: true }).waitFor();
  expect(await seriousAxeViolations(seeker.page)).toEqual([]);
  // Asked for, it is a proposal that gives nothing: the chooser has only 'Ricevo'.
  await wanted.getByRole('button', { name: 'Chiedi in regalo' }).click();
  const chooser = seeker.page.getByRole('dialog', { name: `Chiedi in regalo a ${collector.nickname}` });
  await chooser.getByText('Ricevo: 1 di 1').waitFor();
  expect(await chooser.getByText(/^Do:/).count()).toBe(0);
  await chooser.getByRole('button', { name: 'Invia proposta' }).click();
  await expect.poll(() => chooser.isVisible()).toBe(false);
  await seeker.context.close();
  await completed.getByRole('button', { name: 'Togli dal regalo' }).click();
  await completed.getByRole('button', { name: 'Metti in regalo i doppioni' }).waitFor();

  // Where the browser cannot share files, the picture is downloaded.
  await page.evaluate(() =>
    Object.assign((window as unknown as { sharing: object }).sharing, { files: false }),
  );
  const [download] = await Promise.all([page.waitForEvent('download'), share.click()]);
  expect(download.suggestedFilename()).toBe(fileName);
  const png = await fs.readFile(await download.path());
  expect(png.subarray(1, 4).toString()).toBe('PNG');
  expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([1080, 1080]);
  await completed
    .getByRole('status')
    .filter({ hasText: 'Immagine scaricata: la trovi tra i download.' })
    .waitFor();

  await page.getByRole('button', { name: 'Torna agli album' }).click();
  const listed = page.getByRole('button', { name: album.name });
  await listed.getByText('3/3 · 100%').waitFor();
  await listed.getByText('Completato', { exact: true }).waitFor();
  await page.goto('/');
  await page.getByRole('heading', { name: album.name }).waitFor();
  await page.getByText('Album completato', { exact: true }).waitFor();
  expect(await seriousAxeViolations(page)).toEqual([]);
  await context.close();
});
