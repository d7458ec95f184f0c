import type { Locator, Page } from 'playwright-core';
import { expect, test } from 'vitest';
import { uniqueNickname } from '../test/support/api-client.ts';
import { createAlbum, type TestAlbum } from '../test/support/catalogue.ts';
import { registerThroughUi } from './support/browser.ts';
import { setUpE2eApp } from './support/e2e-app.ts';

const { server, newPhone } = setUpE2eApp();

async function openAlbumAsNewcomer(stickers: number) {
  const album = await createAlbum(server.databaseUrl, {
    name: `Annulla ${Math.random().toString(36).slice(2, 7)}`,
    stickers,
  });
  const { context, page } = await newPhone();
  await registerThroughUi(page, { nickname: uniqueNickname('U'), password: 'password1', cap: '20121' });
  return { album, context, page };
}

async function open(page: Page, album: TestAlbum) {
  await page.goto(`/album/${album.id}`);
  await page.getByRole('heading', { name: album.name, exact: true }).waitFor();
}

const row = (page: Page, shown: string) =>
  page
    .getByRole('list', { name: 'Figurine' })
    .getByRole('listitem')
    .filter({ has: page.getByText(shown, { exact: true }) });

type ButtonName = "Ce l'ho" | 'Mi manca' | 'Doppia';
const button = (where: Locator, name: ButtonName) => where.getByRole('button', { name, exact: true });

async function pressed(where: Locator) {
  const state = async (name: ButtonName) =>
    (await button(where, name).getAttribute('aria-pressed')) === 'true';
  return { have: await state("Ce l'ho"), missing: await state('Mi manca'), double: await state('Doppia') };
}

/** The snackbar after a tap: what happened, and 'Annulla'. */
const snackbar = (page: Page, text: string) => page.getByRole('alert').filter({ hasText: text });

async function serverStatuses(page: Page, album: TestAlbum) {
  const response = await page.request.get(`/api/user/stickers/${album.id}`);
  const records = (await response.json()) as { stickerId: number; status: string }[];
  const numberOf = new Map(album.stickers.map((sticker) => [sticker.id, sticker.number]));
  return Object.fromEntries(records.map((record) => [numberOf.get(record.stickerId), record.status]));
}

async function markOnServer(page: Page, album: TestAlbum, number: string, status: 'yes' | 'double') {
  const sticker = album.stickers.find((candidate) => candidate.number === number);
  const response = await page.request.put(`/api/user/stickers/${sticker?.id}`, { data: { status } });
  expect(response.status()).toBe(200);
}

test("after a tap, 'Annulla' in the snackbar puts the previous status back, on the server too", async () => {
  const { album, context, page } = await openAlbumAsNewcomer(3);
  await markOnServer(page, album, '2', 'yes');
  await open(page, album);
  const second = row(page, '002');
  await expect.poll(() => pressed(second)).toEqual({ have: true, missing: false, double: false });

  await button(second, 'Doppia').click();
  const doubled = snackbar(page, '#002: Doppione');
  // 'Annulla' is there for 5 s only: tapped at once, before anything else is checked.
  await doubled.getByRole('button', { name: 'Annulla' }).click();
  await expect.poll(() => pressed(second)).toEqual({ have: true, missing: false, double: false });
  await doubled.waitFor({ state: 'detached' });

  // A missing sticker marked by mistake goes back to missing.
  const first = row(page, '001');
  await button(first, "Ce l'ho").click();
  await snackbar(page, '#001: Posseduta').getByRole('button', { name: 'Annulla' }).click();
  await expect.poll(() => pressed(first)).toEqual({ have: false, missing: true, double: false });
  // Taps go out in the order they were made: once this one is saved, so are the undone ones before it.
  await button(row(page, '003'), "Ce l'ho").click();
  await expect.poll(() => serverStatuses(page, album)).toEqual({ '2': 'yes', '3': 'yes' });
  await context.close();
});

test('a new tap replaces the snackbar: Annulla undoes the latest tap only', async () => {
  const { album, context, page } = await openAlbumAsNewcomer(3);
  await open(page, album);
  await button(row(page, '001'), "Ce l'ho").click();
  await snackbar(page, '#001: Posseduta').waitFor();
  await button(row(page, '003'), "Ce l'ho").click();
  const latest = snackbar(page, '#003: Posseduta');
  await latest.waitFor();
  await expect.poll(() => page.getByRole('alert').count()).toBe(1);
  await latest.getByRole('button', { name: 'Annulla' }).click();
  await expect.poll(() => pressed(row(page, '003'))).toEqual({ have: false, missing: true, double: false });
  await button(row(page, '002'), "Ce l'ho").click();
  await expect.poll(() => serverStatuses(page, album)).toEqual({ '1': 'yes', '2': 'yes' });
  await context.close();
});

test('Annulla works without a connection: the previous status, a waiting tap included, goes out when it returns', async () => {
  const { album, context, page } = await openAlbumAsNewcomer(3);
  await markOnServer(page, album, '1', 'yes');
  await open(page, album);
  await context.setOffline(true);
  const second = row(page, '002');
  await button(second, "Ce l'ho").click();
  await button(second, 'Doppia').click();
  // The row showed 'yes' (a tap still waiting, over the server's 'no'): that is what comes back.
  await snackbar(page, '#002: Doppione').getByRole('button', { name: 'Annulla' }).click();
  await expect.poll(() => pressed(second)).toEqual({ have: true, missing: false, double: false });

  const first = row(page, '001');
  await button(first, 'Mi manca').click();
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
