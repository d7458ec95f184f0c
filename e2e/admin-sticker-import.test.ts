import type { Locator, Page } from 'playwright-core';
import { beforeAll, expect, test } from 'vitest';
import { registeredUser } from '../test/support/api-client.ts';
import { createAlbum } from '../test/support/catalogue.ts';
import { TEST_ADMIN } from '../test/support/test-server.ts';
import { recordTrpcCalls, toast } from './support/browser.ts';
import { setUpE2eApp } from './support/e2e-app.ts';

type Sticker = { number: string; name: string };

const { server, newDesktop } = setUpE2eApp();
let collector: Awaited<ReturnType<typeof registeredUser>>;
beforeAll(async () => {
  collector = await registeredUser(server.url);
});

async function stickersOf(albumId: number) {
  const response = await collector.api.get<Sticker[]>(`/api/albums/${albumId}/stickers`);
  expect(response.status).toBe(200);
  return response.body.map(({ number, name }) => `${number} - ${name}`);
}

/** The administrator on a desktop, logged in through the panel, with 'Gestisci Figurine' of one album open. */
async function managing(albumName: string) {
  const { context, page } = await newDesktop();
  await page.goto('/admin/album');
  await page.getByLabel('Nickname').fill(TEST_ADMIN.nickname);
  await page.getByLabel('Password', { exact: true }).fill(TEST_ADMIN.password);
  await page.getByRole('button', { name: 'Accedi' }).click();
  await page
    .getByTestId('admin-album-row')
    .filter({ has: page.getByText(albumName, { exact: true }) })
    .getByRole('button', { name: 'Gestisci', exact: true })
    .click();
  const manage = page.getByRole('dialog', { name: `Gestisci Figurine - ${albumName}`, exact: true });
  await manage.waitFor();
  return { context, page, manage, box: manage.getByLabel('Incolla la lista delle figurine:') };
}

/** The report under the paste box (the toast is outside the dialog). */
const report = (manage: Locator) => manage.getByRole('status');

async function expectToast(page: Page, title: string, message: string) {
  const shown = toast(page, title);
  await shown.waitFor();
  await expect.poll(() => shown.getByText(message, { exact: true }).isVisible()).toBe(true);
}

test('the import says what it added and renamed, and keeps the lines it could not read in the box', async () => {
  const album = await createAlbum(server.databaseUrl, {
    name: 'Album Da Importare',
    stickers: [
      { number: '1', name: 'Vecchio Uno' },
      { number: '2', name: 'Due' },
    ],
  });
  const { context, page, manage, box } = await managing('Album Da Importare');
  await manage.getByText('Figurine (2)').waitFor();
  await box.fill(
    [
      '1 – Mario Rossi', // an en dash, as a word processor writes ' - '
      '2 - Due',
      '3 - Luca Bianchi',
      'ITA 4 — Scudetto',
      'riga senza separatore',
      '5 -',
      '',
    ].join('\n'),
  );
  await manage.getByRole('button', { name: 'Importa' }).click();

  await expectToast(page, 'Figurine importate', '2 figurine aggiunte, 1 rinominata, 2 righe non lette');
  const shown = report(manage);
  await shown.getByText('Importazione completata, con righe da correggere').waitFor();
  for (const line of [
    '2 figurine aggiunte',
    '1 figurina rinominata:',
    '1: Vecchio Uno → Mario Rossi',
    '1 figurina già presente, senza modifiche',
    '2 righe non lette, rimaste nel riquadro da correggere:',
    "«riga senza separatore»: manca il separatore ' - ' tra numero e nome",
    '«5 -»: manca il nome',
  ]) {
    expect(await shown.getByText(line, { exact: true }).isVisible()).toBe(true);
  }
  expect(await box.inputValue()).toBe('riga senza separatore\n5 -');
  await manage.getByText('Figurine (4)').waitFor();
  expect(await stickersOf(album.id)).toEqual([
    '1 - Mario Rossi',
    '2 - Due',
    '3 - Luca Bianchi',
    'ITA 4 - Scudetto',
  ]);

  // Corrected in the box, the two lines go in; nothing is left to correct.
  await box.fill('6 - Riga corretta\n5 - Cinque');
  await manage.getByRole('button', { name: 'Importa' }).click();
  await expectToast(page, 'Figurine importate', '2 figurine aggiunte');
  await shown.getByText('Importazione completata', { exact: true }).waitFor();
  expect(await shown.getByText(/non lett/).count()).toBe(0);
  expect(await box.inputValue()).toBe('');
  await manage.getByText('Figurine (6)').waitFor();
  // In the order they were imported, as the printed album has them: after the first import's.
  expect(await stickersOf(album.id)).toEqual([
    '1 - Mario Rossi',
    '2 - Due',
    '3 - Luca Bianchi',
    'ITA 4 - Scudetto',
    '6 - Riga corretta',
    '5 - Cinque',
  ]);
  await context.close();
});

test('a paste with no readable line sends nothing and lists why each line was left out', async () => {
  const album = await createAlbum(server.databaseUrl, {
    name: 'Album Senza Nomi',
    stickers: [{ number: '1', name: 'Uno' }],
  });
  const { context, page, manage, box } = await managing('Album Senza Nomi');
  await manage.getByText('Figurine (1)').waitFor();
  const calls = recordTrpcCalls(page);
  const pasted = '7 - \n8 –   \n - senza numero';
  await box.fill(pasted);
  await manage.getByRole('button', { name: 'Importa' }).click();

  await expectToast(page, 'Nessuna figurina importata', '3 righe non lette: correggile e riprova');
  const shown = report(manage);
  await shown.getByText('Nessuna figurina importata', { exact: true }).waitFor();
  for (const line of ['«7 -»: manca il nome', '«8 –»: manca il nome', '«- senza numero»: manca il numero']) {
    expect(await shown.getByText(line, { exact: true }).isVisible()).toBe(true);
  }
  expect(await box.inputValue()).toBe(pasted);
  expect(calls).not.toContain('stickers.import');
  expect(await stickersOf(album.id)).toEqual(['1 - Uno']);
  await context.close();
});
