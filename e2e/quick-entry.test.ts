import type { Locator, Page } from 'playwright-core';
import { expect, test } from 'vitest';
import { registeredUser } from '../test/support/api-client.ts';
import { createAlbum, type TestAlbum } from '../test/support/catalogue.ts';
import { setUpAdmin } from './support/admin-login.ts';
import { holdTrpcCalls, recordTrpcCalls, toast } from './support/browser.ts';
import { setUpE2eApp } from './support/e2e-app.ts';

const app = setUpE2eApp();
const { server, phoneOf } = app;
const { admin } = setUpAdmin(app);

const NUMBERS = ['1', '2', '3', '4', '5', '6', '7', '8', '9', '10', 'SPE 1', 'SPE 2'];
/** The album of the examples: 1-60 and ITA 1-5. */
const BIG_NUMBERS = [
  ...Array.from({ length: 60 }, (_, i) => String(i + 1)),
  ...Array.from({ length: 5 }, (_, i) => `ITA ${i + 1}`),
];

async function newAlbum(numbers = NUMBERS): Promise<TestAlbum> {
  return createAlbum(server.databaseUrl, {
    name: `Edicola ${Math.random().toString(36).slice(2, 7)}`,
    stickers: numbers.map((number) => ({ number, name: `Calciatore ${number}`, team: 'Squadra' })),
  });
}

type Collector = Awaited<ReturnType<typeof registeredUser>>;

/** A fresh collector (with these marks made beforehand) on a phone, in the album. */
async function inAlbum(album: TestAlbum, marks: Record<string, 'yes' | 'double'> = {}) {
  const user = await registeredUser(server.url);
  await mark(user, album, marks);
  const { context, page } = await phoneOf(user);
  await page.goto(`/album/${album.id}`);
  await row(page, '001').waitFor();
  return { context, page, user };
}

/** Marks stickers through the API, one call per status. */
async function mark(user: Collector, album: TestAlbum, marks: Record<string, 'yes' | 'double'>) {
  for (const status of ['yes', 'double'] as const) {
    const numbers = Object.keys(marks).filter((number) => marks[number] === status);
    if (numbers.length === 0) continue;
    const body = { albumId: album.id, numbers: numbers.join(', '), status };
    expect((await user.api.post('/api/user/stickers/bulk', body)).status).toBe(200);
  }
}

async function openQuickEntry(page: Page) {
  await page.getByRole('button', { name: 'Inserisci', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Inserimento rapido' });
  await dialog.waitFor();
  return dialog;
}

const form = (dialog: Locator) => ({
  numbers: dialog.getByLabel('Numeri delle figurine'),
  submit: dialog.getByRole('button', { name: 'Segna figurine' }),
  status: (label: 'Possedute' | 'Doppie' | 'Mancanti') => dialog.getByText(label, { exact: true }),
  preview: dialog.getByRole('status', { name: 'Anteprima' }),
});

/** The snackbar after marking: what was marked, and 'Annulla'. */
const snackbar = (page: Page, text: string) => page.getByRole('alert').filter({ hasText: text });

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

const isPressed = async (where: Locator, name: 'Posseduta' | 'Doppia') =>
  (await where.getByRole('button', { name, exact: true }).getAttribute('aria-pressed')) === 'true';

/** The sticker ids in a tRPC call's body (`stickerId` and `stickerIds`, at any depth). */
function stickerIdsIn(body: string | null): number[] {
  const ids: number[] = [];
  JSON.parse(body ?? 'null', (key, value: unknown) => {
    if (key === 'stickerId' && typeof value === 'number') ids.push(value);
    if (key === 'stickerIds' && Array.isArray(value))
      ids.push(...value.filter((id) => typeof id === 'number'));
    return value;
  });
  return ids;
}

/** Whether a text is drawn in a red: red clearly above green and blue. */
async function isRed(text: Locator) {
  const color = await text.evaluate((element) => getComputedStyle(element).color);
  const [r = 0, g = 0, b = 0] = (color.match(/\d+/g) ?? []).map(Number);
  return r > 150 && r > 2 * g && r > 2 * b;
}

test('spaces and new lines separate numbers, letters bind to the number after them, and the count is live', async () => {
  const album = await newAlbum(BIG_NUMBERS);
  const { context, page } = await inAlbum(album);
  const calls = recordTrpcCalls(page);
  const dialog = await openQuickEntry(page);
  const { numbers, preview } = form(dialog);

  await numbers.pressSequentially('11-30 45 47;49');
  await numbers.press('Enter');
  await numbers.pressSequentially('51');
  await expect.poll(() => preview.textContent()).toBe('24 figurine da segnare');

  await numbers.fill('ITA 3-5');
  await expect.poll(() => preview.textContent()).toBe('3 figurine da segnare');
  await numbers.fill('ita 1 ITA2 4 - 6');
  await expect.poll(() => preview.textContent()).toBe('5 figurine da segnare');
  // The preview is worked out on the device: nothing was sent while typing.
  expect(calls).not.toContain('collection.setStatusInBulk');
  await context.close();
});

test("the issue's text: the preview counts 22 and lists 999 and abc in red before 'Segna', which marks the 22 and keeps the rest", async () => {
  const album = await newAlbum(BIG_NUMBERS);
  const { context, page } = await inAlbum(album);
  const dialog = await openQuickEntry(page);
  const { numbers, submit, preview } = form(dialog);

  await numbers.fill('11-30, 45, 999, abc, ITA 3');
  const notFound = preview.getByText('Numeri non trovati: 999, abc', { exact: true });
  await notFound.waitFor();
  expect(await preview.getByText('22 figurine da segnare', { exact: true }).count()).toBe(1);
  expect(await isRed(notFound)).toBe(true);
  expect(await serverStatuses(page, album)).toEqual({});

  await submit.click();
  await snackbar(page, '22 possedute').waitFor();
  // The dialog stays open with what it could not mark, still listed in red; nothing left to mark.
  await expect.poll(() => numbers.inputValue()).toBe('999, abc');
  await notFound.waitFor();
  expect(await preview.getByText('0 figurine da segnare', { exact: true }).count()).toBe(1);
  expect(await submit.isDisabled()).toBe(true);
  const expected = [...BIG_NUMBERS.slice(10, 30), '45', 'ITA 3'];
  expect(await serverStatuses(page, album)).toEqual(Object.fromEntries(expected.map((n) => [n, 'yes'])));
  await context.close();
});

test("the numeric keypad by default; 'ABC' switches to letters and back, keeping the focus; '-' and ',' type at the caret", async () => {
  const album = await newAlbum(BIG_NUMBERS);
  const { context, page } = await inAlbum(album);
  const dialog = await openQuickEntry(page);
  const { numbers, preview } = form(dialog);
  expect(await numbers.getAttribute('inputmode')).toBe('numeric');
  const fontSize = await numbers.evaluate((element) => Number.parseFloat(getComputedStyle(element).fontSize));
  expect(fontSize).toBeGreaterThanOrEqual(16);
  const isFocused = () => numbers.evaluate((element) => element === document.activeElement);

  await numbers.focus();
  const letters = dialog.getByRole('button', { name: 'Tastiera con lettere (ABC)' });
  await letters.click();
  await expect.poll(() => numbers.getAttribute('inputmode')).toBe('text');
  expect(await isFocused()).toBe(true);
  await numbers.pressSequentially('ITA 1');
  const digits = dialog.getByRole('button', { name: 'Tastiera numerica (123)' });
  await digits.click();
  await expect.poll(() => numbers.getAttribute('inputmode')).toBe('numeric');
  expect(await isFocused()).toBe(true);

  await dialog.getByRole('button', { name: 'Virgola' }).click();
  await numbers.pressSequentially('11');
  await dialog.getByRole('button', { name: 'Trattino (da… a…)' }).click();
  await numbers.pressSequentially('13');
  expect(await numbers.inputValue()).toBe('ITA 1, 11-13');
  expect(await isFocused()).toBe(true);
  await expect.poll(() => preview.textContent()).toBe('4 figurine da segnare');

  for (const key of ['Virgola', 'Trattino (da… a…)', 'Tastiera con lettere (ABC)']) {
    const box = await dialog.getByRole('button', { name: key }).boundingBox();
    expect(box?.height).toBeGreaterThanOrEqual(44);
    expect(box?.width).toBeGreaterThanOrEqual(44);
  }
  await context.close();
});

test("'Annulla' puts back exactly the statuses the marks changed, and leaves the others alone", async () => {
  const album = await newAlbum();
  const before = { 1: 'yes', 2: 'double', 5: 'double', 'SPE 2': 'yes' } as const;
  const { context, page } = await inAlbum(album, before);
  await row(page, '002').getByRole('button', { name: 'Doppia', pressed: true }).waitFor();
  const dialog = await openQuickEntry(page);
  const { numbers, submit } = form(dialog);

  await numbers.fill('1-4 SPE 1');
  await submit.click();
  await dialog.waitFor({ state: 'hidden' });
  const marked = snackbar(page, '5 possedute');
  await marked.waitFor();
  expect(await serverStatuses(page, album)).toEqual({
    1: 'yes',
    2: 'yes',
    3: 'yes',
    4: 'yes',
    5: 'double',
    'SPE 1': 'yes',
    'SPE 2': 'yes',
  });

  const sent: number[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/trpc/collection.setStatus')) sent.push(...stickerIdsIn(request.postData()));
  });
  await marked.getByRole('button', { name: 'Annulla' }).click();
  await expect.poll(() => serverStatuses(page, album)).toEqual(before);
  // Sticker 1 was owned already: the undo sends nothing for it.
  const idOf = (number: string) => album.stickers.find((sticker) => sticker.number === number)?.id;
  expect(sent.toSorted()).toEqual(['2', '3', '4', 'SPE 1'].map(idOf).toSorted());
  await row(page, '002').getByRole('button', { name: 'Doppia', pressed: true }).waitFor();
  await row(page, '003').getByRole('button', { name: 'Posseduta', pressed: false }).waitFor();
  expect(await isPressed(row(page, '001'), 'Posseduta')).toBe(true);
  await context.close();
});

test("'Annulla' works offline: the previous statuses wait in the outbox and reach the server later", async () => {
  const album = await newAlbum();
  const before = { 1: 'double', 2: 'yes' } as const;
  const { context, page } = await inAlbum(album, before);
  await row(page, '001').getByRole('button', { name: 'Doppia', pressed: true }).waitFor();
  const dialog = await openQuickEntry(page);
  const { numbers, submit, status } = form(dialog);
  await numbers.fill('1-3');
  await status('Mancanti').click();
  await submit.click();
  const marked = snackbar(page, '3 mancanti');
  await marked.waitFor();
  expect(await serverStatuses(page, album)).toEqual({});

  await context.setOffline(true);
  await marked.getByRole('button', { name: 'Annulla' }).click();
  // Two taps wait: sticker 3 was missing before and is left alone.
  const waiting = page.getByRole('status').filter({ hasText: '2 modifiche da sincronizzare' });
  await waiting.waitFor();
  await row(page, '001').getByRole('button', { name: 'Doppia', pressed: true }).waitFor();
  await context.setOffline(false);
  await expect.poll(() => serverStatuses(page, album)).toEqual(before);
  await context.close();
});

test('marks as double, lists an unknown number back, and the album and Home show the marks', async () => {
  const album = await newAlbum();
  const { context, page } = await inAlbum(album);
  const dialog = await openQuickEntry(page);
  const { numbers, submit, status, preview } = form(dialog);
  // The example is written in this album's own codes.
  await expect.poll(() => numbers.getAttribute('placeholder')).toBe('Es. 1-5, SPE 1x2');

  await numbers.fill('1-5, SPE 2, 99');
  await preview.getByText('6 figurine da segnare', { exact: true }).waitFor();
  await preview.getByText('Numero non trovato: 99', { exact: true }).waitFor();
  await submit.click();
  await snackbar(page, '6 possedute').waitFor();
  await expect.poll(() => numbers.inputValue()).toBe('99');
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
  await preview.getByText('1 figurina da segnare', { exact: true }).waitFor();
  await numbers.press('Control+Enter');
  await dialog.waitFor({ state: 'hidden' });
  await snackbar(page, '1 doppia').waitFor();
  expect(await serverStatuses(page, album)).toMatchObject({ 3: 'double', 4: 'yes', 'SPE 2': 'yes' });

  // The open album shows the new marks without a reload.
  await row(page, '003').getByRole('button', { name: 'Doppia', pressed: true }).waitFor();
  expect(await isPressed(row(page, '005'), 'Posseduta')).toBe(true);
  expect(await isPressed(row(page, '006'), 'Posseduta')).toBe(false);

  // Marking the first stickers chose this album for matches.
  const me = await page.request.get('/api/auth/me');
  expect(((await me.json()) as { albumSelezionato: number | null }).albumSelezionato).toBe(album.id);

  await page.getByRole('button', { name: 'Home', exact: true }).click();
  await page.getByRole('group', { name: 'Mancanti', exact: true }).getByText('6', { exact: true }).waitFor();

  // …and the Match screen, which knew no album at login, searches in it without a reload.
  await page.getByRole('button', { name: 'Match', exact: true }).click();
  await page.getByRole('slider', { name: 'Raggio di ricerca' }).waitFor();
  expect(await page.getByText('Seleziona un album attivo per trovare match').count()).toBe(0);
  await context.close();
});

test("spare counts: '2x3' and '4 x2' become doubles with 3 and 2 to give away, and the rows show +3 and +2", async () => {
  const album = await newAlbum();
  const { context, page } = await inAlbum(album);
  const dialog = await openQuickEntry(page);
  const { numbers, submit, preview } = form(dialog);
  await numbers.fill('1, 2x3, 4 x2');
  await preview.getByText('3 figurine da segnare', { exact: true }).waitFor();
  await submit.click();
  await dialog.waitFor({ state: 'hidden' });
  // What each became, not one status for all three.
  await snackbar(page, '1 posseduta, 2 doppie').waitFor();
  expect(await serverStatuses(page, album)).toEqual({ 1: 'yes', 2: 'double', 4: 'double' });
  const spares = await (await page.request.get(`/api/user/stickers/${album.id}`)).json();
  expect((spares as { spares?: number }[]).map((record) => record.spares)).toEqual([undefined, 3, 2]);

  const double = (shown: string) => row(page, shown).getByRole('button', { name: 'Doppia', exact: true });
  await expect.poll(() => double('002').textContent()).toBe('+3');
  await expect.poll(() => double('004').textContent()).toBe('+2');
  expect(await double('001').textContent()).toBe('×2');
  await context.close();
});

test("'Mancanti' takes stickers back, and Enter alone starts a new line", async () => {
  const album = await newAlbum();
  const { context, page, user } = await inAlbum(album);
  const bulk = { albumId: album.id, numbers: '1-10', status: 'yes' };
  expect((await user.api.post('/api/user/stickers/bulk', bulk)).status).toBe(200);
  await page.reload();
  await row(page, '001').waitFor();
  const calls = recordTrpcCalls(page);

  const dialog = await openQuickEntry(page);
  const { numbers, submit, status, preview } = form(dialog);
  await numbers.pressSequentially('2');
  await numbers.press('Enter');
  await numbers.pressSequentially('4-6');
  expect(await numbers.inputValue()).toBe('2\n4-6');
  expect(calls).not.toContain('collection.setStatusInBulk');
  await preview.getByText('4 figurine da segnare', { exact: true }).waitFor();

  await status('Mancanti').click();
  const saving = await holdTrpcCalls(page, 'collection.setStatusInBulk');
  await submit.click();
  const pending = dialog.getByRole('button', { name: 'Salvataggio...' });
  await pending.waitFor();
  expect(await pending.isDisabled()).toBe(true);
  saving.release();
  await dialog.waitFor({ state: 'hidden' });
  await snackbar(page, '4 mancanti').waitFor();
  expect(Object.keys(await serverStatuses(page, album)).sort()).toEqual(['1', '10', '3', '7', '8', '9']);
  await context.close();
});

test('with no numbers the button is disabled; a reversed range is flagged while typing', async () => {
  const album = await newAlbum();
  const { context, page } = await inAlbum(album);
  const calls = recordTrpcCalls(page);
  const dialog = await openQuickEntry(page);
  const { numbers, submit, preview } = form(dialog);
  expect(await submit.isDisabled()).toBe(true);
  await numbers.fill('   ');
  expect(await submit.isDisabled()).toBe(true);
  await numbers.press('Control+Enter');

  await numbers.fill('1, 8-6');
  await preview.getByText('1 figurina da segnare', { exact: true }).waitFor();
  const reversed = preview.getByText('Da correggere: 8-6', { exact: true });
  await reversed.waitFor();
  expect(await isRed(reversed)).toBe(true);
  expect(await submit.isDisabled()).toBe(false);
  expect(calls).not.toContain('collection.setStatusInBulk');

  // The submit button is big enough for a thumb.
  const box = await submit.boundingBox();
  expect(box?.height).toBeGreaterThanOrEqual(44);
  const opener = await page.getByRole('button', { name: 'Inserisci', exact: true }).boundingBox();
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
