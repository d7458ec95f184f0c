import type { Locator, Page } from 'playwright-core';
import { expect, test } from 'vitest';
import { uniqueNickname } from '../test/support/api-client.ts';
import { createAlbum, type TestAlbum } from '../test/support/catalogue.ts';
import { registerThroughUi } from './support/browser.ts';
import { setUpE2eApp } from './support/e2e-app.ts';

const { server, newPhone } = setUpE2eApp();

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
  const { context, page } = await newPhone();
  await registerThroughUi(page, { nickname: uniqueNickname('C'), password: 'password1', cap: '20121' });
  await page.goto(`/album/${album.id}`);
  await page.getByRole('heading', { name: album.name, exact: true }).waitFor();
  await stickerList(page).waitFor();
  return { context, page };
}

const stickerList = (page: Page) => page.getByRole('list', { name: 'Figurine' });
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

const row = (page: Page, shown: string) =>
  stickerList(page)
    .getByRole('listitem')
    .filter({ has: page.getByText(shown, { exact: true }) });

async function markOnServer(page: Page, album: TestAlbum, numbers: string[]) {
  for (const number of numbers) {
    const sticker = album.stickers.find((candidate) => candidate.number === number);
    const response = await page.request.put(`/api/user/stickers/${sticker?.id}`, { data: { status: 'yes' } });
    expect(response.status()).toBe(200);
  }
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
    .getByText('Mie', { exact: true })
    .click();
  await expectShown(page, ['001', '013']);

  await searchBox(page).fill('cervo');
  await expectShown(page, ['013']);
  await searchBox(page).fill('stadio');
  await page.getByText('Nessuna figurina trovata per “stadio” tra le Mie', { exact: true }).waitFor();
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
