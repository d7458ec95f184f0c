import type { Locator, Page } from 'playwright-core';
import { expect, test } from 'vitest';
import { adminClient } from '../test/support/admin-client.ts';
import { registeredUser } from '../test/support/api-client.ts';
import { createAlbum, type TestAlbum } from '../test/support/catalogue.ts';
import { holdTrpcCalls, loginThroughUi, recordTrpcCalls, toast } from './support/browser.ts';
import { setUpE2eApp } from './support/e2e-app.ts';

const { server, newPhone } = setUpE2eApp();

const NUMBERS = ['1', '2', '3', '4', '5', '6', '7', '8', '9', '10', 'SPE 1', 'SPE 2'];

async function newAlbum(): Promise<TestAlbum> {
  return createAlbum(server.databaseUrl, {
    name: `Edicola ${Math.random().toString(36).slice(2, 7)}`,
    stickers: NUMBERS.map((number) => ({ number, name: `Calciatore ${number}`, team: 'Squadra' })),
  });
}

/** A fresh collector on a phone, with the album opened from the album list. */
async function inAlbum(album: TestAlbum) {
  const user = await registeredUser(server.url);
  const { context, page } = await newPhone();
  await loginThroughUi(page, user);
  await page.getByRole('button', { name: 'Album', exact: true }).click();
  await page.getByRole('button', { name: album.name }).click();
  await page.getByRole('heading', { name: album.name, exact: true }).waitFor();
  return { context, page, user };
}

async function openQuickEntry(page: Page) {
  await page.getByRole('button', { name: 'Inserimento rapido' }).click();
  const dialog = page.getByRole('dialog', { name: 'Inserimento rapido' });
  await dialog.waitFor();
  return dialog;
}

const form = (dialog: Locator) => ({
  numbers: dialog.getByLabel('Numeri delle figurine'),
  submit: dialog.getByRole('button', { name: 'Segna figurine' }),
  status: (label: "Ce l'ho" | 'Doppie' | 'Mi mancano') => dialog.getByText(label, { exact: true }),
});

/** The collector's statuses as the server has them, by sticker number, asked with the page's session. */
async function serverStatuses(page: Page, album: TestAlbum) {
  const response = await page.request.get(`/api/user/stickers/${album.id}`);
  const records = (await response.json()) as { stickerId: number; status: string }[];
  const numberOf = new Map(album.stickers.map((sticker) => [sticker.id, sticker.number]));
  return Object.fromEntries(records.map((record) => [numberOf.get(record.stickerId), record.status]));
}

/** The row of the album list for the sticker shown with this number. */
const row = (page: Page, shown: string) =>
  page
    .getByRole('list', { name: 'Figurine' })
    .getByRole('listitem')
    .filter({ has: page.getByText(shown, { exact: true }) });

const isPressed = async (where: Locator, name: "Ce l'ho" | 'Doppia') =>
  (await where.getByRole('button', { name, exact: true }).getAttribute('aria-pressed')) === 'true';

test('marks 1-5 and SPE 2 as owned and 3 as double, lists an unknown number back, and Home counts them', async () => {
  const album = await newAlbum();
  const { context, page } = await inAlbum(album);
  const dialog = await openQuickEntry(page);
  const { numbers, submit, status } = form(dialog);
  expect(await numbers.getAttribute('placeholder')).toBe('Es. 1-20, 35, ITA 3');

  await numbers.fill('1-5, SPE 2, 99');
  await dialog.getByText('7 figurine', { exact: true }).waitFor();
  await submit.click();
  const marked = toast(page, 'Figurine aggiornate');
  await marked.waitFor();
  expect(await marked.textContent()).toContain('6 figurine segnate come possedute');
  // The unknown number is listed and left in the box to fix; the dialog stays open.
  await dialog.getByText('Numero non trovato: 99', { exact: true }).waitFor();
  expect(await numbers.inputValue()).toBe('99');
  expect(await serverStatuses(page, album)).toEqual({
    1: 'yes',
    2: 'yes',
    3: 'yes',
    4: 'yes',
    5: 'yes',
    'SPE 2': 'yes',
  });

  await numbers.fill('3');
  await status('Doppie').click();
  await dialog.getByText('1 figurina', { exact: true }).waitFor();
  await numbers.press('Control+Enter');
  await dialog.waitFor({ state: 'hidden' });
  expect(await toast(page, 'Figurine aggiornate').textContent()).toContain('1 figurina segnata come doppia');
  expect(await serverStatuses(page, album)).toMatchObject({ 3: 'double', 4: 'yes', 'SPE 2': 'yes' });

  // The open album shows the new marks without a reload.
  await row(page, '003').getByRole('button', { name: 'Doppia', pressed: true }).waitFor();
  expect(await isPressed(row(page, '005'), "Ce l'ho")).toBe(true);
  expect(await isPressed(row(page, '006'), "Ce l'ho")).toBe(false);

  // Marking the first stickers chose this album for matches.
  const me = await page.request.get('/api/auth/me');
  expect(((await me.json()) as { albumSelezionato: number | null }).albumSelezionato).toBe(album.id);

  await page.getByRole('button', { name: 'Home', exact: true }).click();
  const counter = (label: string) => page.getByRole('group', { name: label, exact: true });
  await counter('Mancanti').getByText('6', { exact: true }).waitFor();
  expect(await counter('Raccolte').textContent()).toBe('1Raccolte');
  expect(await counter('Doppie').textContent()).toBe('1Doppie');

  // …and the Match screen, which knew no album at login, searches in it without a reload.
  await page.getByRole('button', { name: 'Match', exact: true }).click();
  await page.getByRole('slider', { name: 'Raggio di ricerca' }).waitFor();
  expect(await page.getByText('Seleziona un album attivo per trovare match').count()).toBe(0);
  await context.close();
});

test("'Mi mancano' takes stickers back, and Enter alone starts a new line", async () => {
  const album = await newAlbum();
  const { context, page, user } = await inAlbum(album);
  const bulk = { albumId: album.id, numbers: '1-10', status: 'yes' };
  expect((await user.api.post('/api/user/stickers/bulk', bulk)).status).toBe(200);
  await page.reload();
  await page.getByRole('heading', { name: album.name, exact: true }).waitFor();
  const calls = recordTrpcCalls(page);

  const dialog = await openQuickEntry(page);
  const { numbers, submit, status } = form(dialog);
  await numbers.pressSequentially('2');
  await numbers.press('Enter');
  await numbers.pressSequentially('4-6');
  expect(await numbers.inputValue()).toBe('2\n4-6');
  expect(calls).not.toContain('collection.setStatusInBulk');
  await dialog.getByText('4 figurine', { exact: true }).waitFor();

  await status('Mi mancano').click();
  const saving = await holdTrpcCalls(page, 'collection.setStatusInBulk');
  await submit.click();
  const pending = dialog.getByRole('button', { name: 'Salvataggio...' });
  await pending.waitFor();
  expect(await pending.isDisabled()).toBe(true);
  saving.release();
  await dialog.waitFor({ state: 'hidden' });
  expect(await toast(page, 'Figurine aggiornate').textContent()).toContain(
    '4 figurine segnate come mancanti',
  );
  expect(Object.keys(await serverStatuses(page, album)).sort()).toEqual(['1', '10', '3', '7', '8', '9']);
  await context.close();
});

test('with no numbers the button is disabled; a reversed range is flagged while typing', async () => {
  const album = await newAlbum();
  const { context, page } = await inAlbum(album);
  const calls = recordTrpcCalls(page);
  const dialog = await openQuickEntry(page);
  const { numbers, submit } = form(dialog);
  expect(await submit.isDisabled()).toBe(true);
  await numbers.fill('   ');
  expect(await submit.isDisabled()).toBe(true);
  await numbers.press('Control+Enter');

  await numbers.fill('1, 8-6');
  await dialog.getByText('1 figurina', { exact: true }).waitFor();
  await dialog.getByText('Da correggere: 8-6', { exact: true }).waitFor();
  expect(await submit.isDisabled()).toBe(false);
  expect(calls).not.toContain('collection.setStatusInBulk');

  // The submit button is big enough for a thumb.
  const box = await submit.boundingBox();
  expect(box?.height).toBeGreaterThanOrEqual(44);
  const opener = await page.getByRole('button', { name: 'Inserimento rapido' }).boundingBox();
  expect(opener?.height).toBeGreaterThanOrEqual(44);
  expect(opener?.width).toBeGreaterThanOrEqual(44);
  await context.close();
});

test("a failure shows the server's message and keeps what was typed", async () => {
  const album = await newAlbum();
  const { context, page } = await inAlbum(album);
  const dialog = await openQuickEntry(page);
  const { numbers, submit } = form(dialog);
  await numbers.fill('1-3');
  // The admin removes the album while the collector is typing.
  const admin = await adminClient(server.url);
  expect((await admin.delete(`/api/albums/${album.id}`)).status).toBe(200);

  await submit.click();
  const error = toast(page, 'Errore');
  await error.waitFor();
  expect(await error.textContent()).toContain('Album non trovato');
  await expect.poll(() => dialog.isVisible()).toBe(true);
  expect(await numbers.inputValue()).toBe('1-3');
  expect(await submit.textContent()).toBe('Segna figurine');
  await context.close();
});
