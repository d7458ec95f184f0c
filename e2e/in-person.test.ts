import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { expect, test } from 'vitest';
import type { registeredUser } from '../test/support/api-client.ts';
import { createAlbum, type TestAlbum } from '../test/support/catalogue.ts';
import { markedCollector } from '../test/support/collectors.ts';
import { newPage, PHONE } from './support/browser.ts';
import { setUpE2eApp } from './support/e2e-app.ts';
import { launchBrowserWithCamera, writeQrCameraVideo } from './support/fake-camera.ts';
import { keptOnDevice } from './support/kept-on-device.ts';

/*
 * 'Scambio dal vivo' (issue 34): two phones at a table with no signal. A shows her album code, B opens it
 * (as the link), ticks the swap and shows his confirmation code, A confirms; each phone changes its own
 * album at once; back online the server has both albums right and one swap 'dal vivo' in both Scambi.
 */
const { server, newPhone, phoneOf } = setUpE2eApp();
type Collector = Awaited<ReturnType<typeof registeredUser>>;

async function newAlbum(name: string): Promise<TestAlbum> {
  return createAlbum(server.databaseUrl, { name, stickers: 8 });
}

/** A collector with these marks (number → status, or a double's spares). */
const collector = (album: TestAlbum, marks: Record<string, 'yes' | number>): Promise<Collector> =>
  markedCollector(server.url, album, marks);

/**
 * The phone of a collector who opened 'Scambio dal vivo' once online: it works offline from then on.
 * `open` gives a page on which they are logged in (by cookie).
 */
async function phone(
  user: Collector,
  album: TestAlbum,
  open = () => phoneOf(user, undefined, { serviceWorkers: 'allow' }),
) {
  const { context, page } = await open();
  await page.goto(`/dal-vivo?album=${album.id}`);
  await page.getByTestId('code-link').waitFor();
  await page.evaluate(() => navigator.serviceWorker.ready);
  await page.reload();
  await page.getByTestId('code-link').waitFor();
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
  await expect.poll(() => keptOnDevice(page)).toContain(`"swaps","promises"`);
  await expect.poll(() => keptOnDevice(page)).toContain(`"collection","list"`);
  return { context, page };
}

const codeLink = async (page: Page) => (await page.getByTestId('code-link').textContent()) as string;

async function serverMarks(user: Collector, album: TestAlbum) {
  const response = await user.api.get<{ stickerId: number; status: string; spares?: number }[]>(
    `/api/user/stickers/${album.id}`,
  );
  const numberOf = new Map(album.stickers.map((sticker) => [sticker.id, sticker.number]));
  return Object.fromEntries(
    response.body.map((mark) => [
      numberOf.get(mark.stickerId),
      mark.status === 'double' ? (mark.spares ?? 1) : mark.status,
    ]),
  );
}

type SwapRow = { id: number; status: string; mode: string };
const swapsOf = async (user: Collector) => (await user.api.get<SwapRow[]>('/api/swaps')).body;

/** What the album screen on the device shows of a sticker: the pressed status button. */
/**
 * The album opened on `page` comes to show `number` as `expected` (the device's table swaps are read
 * from IndexedDB after the album's first paint: the row may show the older status for a moment).
 */
async function expectShownStatus(page: Page, album: TestAlbum, number: string, expected: string) {
  await page.goto(`/album/${album.id}`);
  const row = page
    .getByRole('list', { name: 'Figurine' })
    .getByRole('listitem')
    .filter({ has: page.getByText(number, { exact: true }) });
  await row.waitFor();
  const shown = async () => {
    for (const name of ['Doppia', 'Posseduta'] as const) {
      if ((await row.getByRole('button', { name, exact: true }).getAttribute('aria-pressed')) === 'true')
        return name;
    }
    return 'Manca';
  };
  await expect.poll(shown, { timeout: 10_000 }).toBe(expected);
}

async function offline(...contexts: BrowserContext[]) {
  await Promise.all(contexts.map((context) => context.setOffline(true)));
}

test('at a table with no signal: the link shows both lists, Scambio fatto and Conferma change both albums, back online one swap dal vivo', async () => {
  const album = await newAlbum('Tavolo');
  // A gives 1 and 2, misses 4 and 5; B gives 4 and 5 (two spares of 5), misses 1 and 2. Both own 3.
  const anna = await collector(album, { '1': 1, '2': 1, '3': 'yes' });
  const bruno = await collector(album, { '3': 'yes', '4': 1, '5': 2 });
  const a = await phone(anna, album);
  const b = await phone(bruno, album);
  await offline(a.context, b.context);

  // A's code, made offline, opened on B's phone (offline too) as the link that came by WhatsApp.
  await a.page.goto(`/dal-vivo?album=${album.id}`);
  const annaCode = await codeLink(a.page);
  expect(annaCode).toContain('/dal-vivo#');
  expect(annaCode).not.toContain('20121');
  await b.page.goto(annaCode);
  await b.page.getByText(`Scambio con ${anna.nickname}`).waitFor();
  // The code is taken off the address: a reload does not show it again, and no server log has it.
  expect(new URL(b.page.url()).hash).toBe('');
  const give = b.page.getByRole('group', { name: /Tu dai/ });
  const receive = b.page.getByRole('group', { name: /Ricevi/ });
  expect(await give.getByRole('checkbox').count()).toBe(2);
  await give.getByText('004 Giocatore 4').waitFor();
  await give.getByText('005 Giocatore 5').waitFor();
  await receive.getByText('001 Giocatore 1').waitFor();
  await receive.getByText('002 Giocatore 2').waitFor();
  await b.page.getByText('Tu dai: 2 di 2').waitFor();

  await b.page.getByRole('button', { name: 'Scambio fatto' }).click();
  await b.page.getByText('Il tuo album è aggiornato').waitFor();
  const confirmation = await codeLink(b.page);

  // A opens B's confirmation: the same swap from her side, and 'Conferma'.
  await a.page.goto(confirmation);
  await a.page.getByText('Tu dai: 2').waitFor();
  await a.page.getByText('001 Giocatore 1').waitFor();
  await a.page.getByText('Ricevi: 2').waitFor();
  await a.page.getByText('005 Giocatore 5').waitFor();
  await a.page.getByRole('button', { name: 'Conferma' }).click();
  await a.page.getByText('Scambio confermato').waitFor();

  // Both albums changed on the devices, still offline.
  await expectShownStatus(a.page, album, '001', 'Posseduta');
  await expectShownStatus(a.page, album, '004', 'Posseduta');
  await expectShownStatus(b.page, album, '005', 'Doppia');
  await expectShownStatus(b.page, album, '002', 'Posseduta');
  expect(await serverMarks(anna, album)).toEqual({ '1': 1, '2': 1, '3': 'yes' });
  expect(await swapsOf(anna)).toEqual([]);

  // Both phones back at once: both send the same swap, the server keeps one.
  await Promise.all([a.context.setOffline(false), b.context.setOffline(false)]);
  await Promise.all([a.page.goto('/scambi'), b.page.goto('/scambi')]);
  await expect
    .poll(() => serverMarks(anna, album))
    .toEqual({ '1': 'yes', '2': 'yes', '3': 'yes', '4': 'yes', '5': 'yes' });
  await expect
    .poll(() => serverMarks(bruno, album))
    .toEqual({ '1': 'yes', '2': 'yes', '3': 'yes', '4': 'yes', '5': 1 });
  await expect.poll(async () => (await swapsOf(anna)).map((swap) => swap.mode)).toEqual(['dal_vivo']);
  const [annaSwap] = await swapsOf(anna);
  const [brunoSwap] = await swapsOf(bruno);
  expect(brunoSwap).toMatchObject({ id: annaSwap?.id, status: 'completato', mode: 'dal_vivo' });
  // In both collectors' Scambi, among the past swaps, marked 'dal vivo'.
  for (const page of [a.page, b.page]) {
    await page.reload();
    await page.getByText('Passati', { exact: true }).click();
    await page.getByText('dal vivo', { exact: true }).waitFor();
  }
  await a.context.close();
  await b.context.close();
}, 120_000);

test('a sticker given at the table that an accepted online swap had promised meanwhile: told plainly on sync, nothing lost', async () => {
  const album = await newAlbum('Tavolo promesso');
  const anna = await collector(album, { '1': 1, '3': 'yes' });
  const bruno = await collector(album, { '3': 'yes', '4': 1 });
  const carla = await collector(album, { '6': 1 });
  // A offered her 1 to C online; C has not answered yet.
  const proposal = await anna.api.post<{ id: number }>('/api/swaps', {
    toUserId: carla.id,
    albumId: album.id,
    give: ['1'],
    receive: ['6'],
  });
  expect(proposal.status).toBe(201);
  const a = await phone(anna, album);
  const b = await phone(bruno, album);
  await offline(a.context, b.context);
  // Meanwhile, while A has no signal, C accepts: A's 1 is now promised to C.
  expect((await carla.api.post(`/api/swaps/${proposal.body.id}/accept`)).status).toBe(200);

  await a.page.goto(`/dal-vivo?album=${album.id}`);
  await b.page.goto(await codeLink(a.page));
  await b.page.getByText('Tu dai: 1 di 1').waitFor();
  await b.page.getByRole('button', { name: 'Scambio fatto' }).click();
  await a.page.goto(await codeLink(b.page));
  await a.page.getByRole('button', { name: 'Conferma' }).click();
  await a.page.getByText('Scambio confermato').waitFor();

  await Promise.all([a.context.setOffline(false), b.context.setOffline(false)]);
  await a.page.goto(`/dal-vivo?album=${album.id}`);
  await a.page
    .getByText(
      `La figurina 001 che hai dato dal vivo era promessa a ${carla.nickname} in uno scambio accettato`,
      { exact: false },
    )
    .first()
    .waitFor({ timeout: 20_000 });
  // Nothing applied twice or lost: A gave her only spare (1 is owned, no double), the online swap stands.
  await expect.poll(() => serverMarks(anna, album)).toEqual({ '1': 'yes', '3': 'yes', '4': 'yes' });
  const online = await anna.api.get<{ status: string }>(`/api/swaps/${proposal.body.id}`);
  expect(online.body.status).toBe('accettato');
  await expect
    .poll(async () => (await swapsOf(bruno)).filter((swap) => swap.mode === 'dal_vivo').length)
    .toBe(1);
  await a.context.close();
  await b.context.close();
}, 120_000);

test("'Scansiona' reads the other phone's QR code with the camera, offline, and lists the swap", async () => {
  const album = await newAlbum('Tavolo con fotocamera');
  const anna = await collector(album, { '1': 1, '2': 'yes' });
  const bruno = await collector(album, { '2': 'yes', '7': 3 });
  const a = await phone(anna, album);
  await offline(a.context);
  await a.page.goto(`/dal-vivo?album=${album.id}`);
  // B's camera films A's screen: a video of the QR code A shows.
  const directory = await fs.mkdtemp(path.join(os.tmpdir(), 'scambio-table-'));
  const camera = await launchBrowserWithCamera(
    await writeQrCameraVideo(await codeLink(a.page), directory),
    'headless-shell',
  );
  try {
    const b = await phone(bruno, album, async () => {
      // The camera's own browser, outside the e2e app: Bruno's session cookie is given to it by hand.
      const opened = await newPage(camera, server.url, PHONE, { serviceWorkers: 'allow' });
      const [name = '', value = ''] = (bruno.api.cookie ?? '').split(/=(.*)/);
      await opened.context.addCookies([{ name, value, url: server.url }]);
      return opened;
    });
    await offline(b.context);
    await b.page.reload();
    await b.page.getByText('Scansiona', { exact: true }).click();
    await b.page.getByText(`Scambio con ${anna.nickname}`).waitFor();
    await b.page
      .getByRole('group', { name: /Tu dai/ })
      .getByText('007 Giocatore 7')
      .waitFor();
    await b.page
      .getByRole('group', { name: /Ricevi/ })
      .getByText('001 Giocatore 1')
      .waitFor();
    await b.page.getByText('Tu dai: 1 di 1').waitFor();
    // The camera is off once the code is read.
    expect(await b.page.locator('video').count()).toBe(0);
  } finally {
    await camera.close();
    await fs.rm(directory, { recursive: true, force: true });
    await a.context.close();
  }
}, 120_000);

test('a code link opened by someone not logged in shows the swap right after the login', async () => {
  const album = await newAlbum('Tavolo dopo il login');
  const anna = await collector(album, { '1': 1 });
  const bruno = await collector(album, { '2': 1 });
  const a = await phoneOf(anna);
  await a.page.goto(`/dal-vivo?album=${album.id}`);
  const link = await codeLink(a.page);
  const b = await newPhone();
  await b.page.goto(link);
  await b.page.waitForURL('**/login');
  await b.page.getByLabel('Nickname').fill(bruno.nickname);
  await b.page.getByLabel('Password', { exact: true }).fill(bruno.password);
  await b.page.getByRole('button', { name: 'Accedi' }).click();
  await b.page.getByText(`Scambio con ${anna.nickname}`).waitFor();
  await b.page.getByText('Tu dai: 1 di 1').waitFor();
  await a.context.close();
  await b.context.close();
});
