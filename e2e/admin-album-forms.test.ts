import type { Page } from 'playwright-core';
import { beforeAll, expect, test } from 'vitest';
import { adminClient } from '../test/support/admin-client.ts';
import type { ApiClient } from '../test/support/api-client.ts';
import { createAlbum } from '../test/support/catalogue.ts';
import { TEST_ADMIN } from '../test/support/test-server.ts';
import { recordTrpcCalls, toast } from './support/browser.ts';
import { setUpE2eApp } from './support/e2e-app.ts';

type Album = { id: number; name: string; stickerCount: number; year: number };

const { server, newDesktop } = setUpE2eApp();
let admin: ApiClient;
beforeAll(async () => {
  admin = await adminClient(server.url);
});

const albumNames = async () => (await admin.get<Album[]>('/api/albums')).body.map((album) => album.name);

/** The administrator on a desktop, logged in through the panel's form, looking at 'Gestione Album'. */
async function onAlbums() {
  const { context, page } = await newDesktop();
  await page.goto('/admin/album');
  await page.getByLabel('Nickname').fill(TEST_ADMIN.nickname);
  await page.getByLabel('Password', { exact: true }).fill(TEST_ADMIN.password);
  await page.getByRole('button', { name: 'Accedi' }).click();
  await page.getByRole('heading', { name: 'Gestione Album', exact: true }).waitFor();
  return { context, page };
}

const row = (page: Page, name: string) =>
  page.getByTestId('admin-album-row').filter({ has: page.getByText(name, { exact: true }) });

const YEAR_ERROR = "L'anno deve essere tra 1900 e 2030";
const COUNT_ERROR = 'Le figurine iniziali devono essere tra 0 e 1000';

test('an out-of-range year is said under its field (a count by the server), and nothing is created', async () => {
  const before = await albumNames();
  const { context, page } = await onAlbums();
  await page.getByRole('button', { name: 'Nuovo Album' }).click();
  const create = page.getByRole('dialog', { name: 'Crea Nuovo Album' });
  await create.getByLabel('Nome Album').fill('Album Fuori Misura');
  const year = create.getByLabel('Anno', { exact: true });
  await year.fill('1850');
  // Leaving a field checks it; the value stays as typed, not moved to 1900 / 1000.
  await create.getByLabel('Nome Album').click();
  await create.getByText(YEAR_ERROR, { exact: true }).waitFor();
  expect(await year.getAttribute('aria-invalid')).toBe('true');
  expect(await year.inputValue()).toBe('1850');

  const calls = recordTrpcCalls(page);
  await create.getByRole('button', { name: 'Crea Album' }).click();
  await create.getByText(YEAR_ERROR, { exact: true }).waitFor();
  expect(await create.isVisible()).toBe(true);
  expect(calls).not.toContain('albums.create');

  // The server says the same to a client that skips the form.
  const refused = await admin.post('/api/albums', {
    name: 'Album Fuori Misura',
    year: 1850,
    stickerCount: 5,
  });
  expect(refused).toMatchObject({ status: 400, body: { message: YEAR_ERROR } });
  const tooMany = await admin.post('/api/albums', {
    name: 'Album Fuori Misura',
    year: 2026,
    stickerCount: 5000,
  });
  expect(tooMany).toMatchObject({
    status: 400,
    body: { message: COUNT_ERROR },
  });
  expect(await albumNames()).toEqual(before);

  // Corrected, each error goes as it is fixed, and the album is created with what was typed.
  await year.fill('2030');
  await create.getByText(YEAR_ERROR).waitFor({ state: 'detached' });
  expect(await year.getAttribute('aria-invalid')).not.toBe('true');
  await create.getByRole('button', { name: 'Crea Album' }).click();
  await toast(page, 'Album creato').waitFor();
  const created = (await admin.get<Album[]>('/api/albums')).body.find(
    (album) => album.name === 'Album Fuori Misura',
  );
  expect(created).toMatchObject({ year: 2030, stickerCount: 0 });
  await context.close();
});

test("deleting an album with no stickers does not speak of 'tutte le sue 0 figurine'", async () => {
  await createAlbum(server.databaseUrl, { name: 'Album Vuoto', stickers: [] });
  const { context, page } = await onAlbums();
  await row(page, 'Album Vuoto').getByText('0 figurine totali').waitFor();
  await row(page, 'Album Vuoto').getByRole('button', { name: 'Elimina', exact: true }).click();
  const remove = page.getByRole('dialog', { name: 'Elimina Album' });
  await remove.getByText("L'album non contiene figurine. Questa azione non può essere annullata.").waitFor();
  expect(await remove.getByText(/figurine segnate|tutte le sue/).count()).toBe(0);
  await remove.getByRole('button', { name: 'Elimina', exact: true }).click();
  const done = toast(page, 'Album eliminato');
  await done.getByText('"Album Vuoto" è stato eliminato', { exact: true }).waitFor();
  await row(page, 'Album Vuoto').waitFor({ state: 'detached' });
  expect(await albumNames()).not.toContain('Album Vuoto');
  await context.close();
});

test('an album of one sticker says so in the singular', async () => {
  await createAlbum(server.databaseUrl, {
    name: 'Album Singolo',
    stickers: [{ number: '1', name: 'Unica' }],
  });
  const { context, page } = await onAlbums();
  await row(page, 'Album Singolo').getByText('1 figurina totale', { exact: true }).waitFor();
  await row(page, 'Album Singolo').getByRole('button', { name: 'Elimina', exact: true }).click();
  const remove = page.getByRole('dialog', { name: 'Elimina Album' });
  await remove.getByText(/Verrà eliminata anche la sua unica figurina/).waitFor();
  await context.close();
});
