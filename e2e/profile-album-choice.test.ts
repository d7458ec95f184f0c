import type { Page } from 'playwright-core';
import { beforeAll, expect, test } from 'vitest';
import { registeredUser } from '../test/support/api-client.ts';
import { createAlbum, type TestAlbum } from '../test/support/catalogue.ts';
import { setUpAdmin } from './support/admin-login.ts';
import { loginThroughUi, pathOf, toast } from './support/browser.ts';
import { setUpE2eApp } from './support/e2e-app.ts';

const app = setUpE2eApp();
const { server, newPhone } = app;
const { admin } = setUpAdmin(app);
let figurine: TestAlbum;
let calciatori: TestAlbum;
beforeAll(async () => {
  figurine = await createAlbum(server.databaseUrl, { name: 'Figurine Mondiali', stickers: 20, position: 0 });
  calciatori = await createAlbum(server.databaseUrl, { name: 'Calciatori 2026', stickers: 20, position: 1 });
});

type Collector = Awaited<ReturnType<typeof registeredUser>>;
type Me = { albumSelezionato: number | null };

async function mark(user: Collector, album: TestAlbum, status: 'yes' | 'double', numbers: string) {
  const response = await user.api.post('/api/user/stickers/bulk', { albumId: album.id, numbers, status });
  if (response.status !== 200) throw new Error(JSON.stringify(response.body));
}

async function onProfile(user: Collector) {
  const { context, page } = await newPhone();
  await loginThroughUi(page, user);
  await page.goto('/profile');
  await page.getByRole('heading', { name: 'Profilo', exact: true }).waitFor();
  return { context, page };
}

const albumSelect = (page: Page) => page.getByRole('combobox', { name: 'Album per i match' });
/** The album the select shows, once the album list has loaded. */
const shownAlbum = async (page: Page) =>
  (await albumSelect(page).isEnabled()) ? albumSelect(page).inputValue() : 'loading';

async function chooseAlbum(page: Page, name: string) {
  await albumSelect(page).click();
  await page.getByRole('option', { name, exact: true }).click();
}

const candidateCard = (page: Page, nickname: string) => page.getByRole('article', { name: nickname });

test('a collector with no album is asked on Match to mark stickers in Home’s album, changes it in the profile and finds collectors in it', async () => {
  const me = await registeredUser(server.url, { cap: '20121' });
  const giver = await registeredUser(server.url, { cap: '20122' });
  await mark(giver, calciatori, 'double', '4, 9');
  const { context, page } = await onProfile(me);

  await page.goto('/match');
  await page.getByText('Segna prima le figurine che hai', { exact: true }).waitFor();
  expect(await page.getByRole('link', { name: 'Vai al profilo' }).count()).toBe(0);
  await page.getByRole('link', { name: 'Cambia album' }).click();
  await page.waitForURL('**/profile');

  await expect.poll(() => shownAlbum(page)).toBe('');
  await chooseAlbum(page, 'Calciatori 2026');
  const saved = toast(page, 'Profilo aggiornato');
  await saved.waitFor();
  expect(await saved.textContent()).toContain('Le modifiche sono state salvate con successo');
  await expect.poll(() => shownAlbum(page)).toBe('Calciatori 2026');
  expect((await me.api.get<Me>('/api/auth/me')).body.albumSelezionato).toBe(calciatori.id);

  await page.getByRole('navigation', { name: 'Navigazione principale' }).getByText('Match').click();
  await page.waitForURL('**/match');
  await page.getByText('Calciatori 2026', { exact: true }).waitFor();
  // I have nothing to give yet, so the card says what they can give me.
  const card = candidateCard(page, giver.nickname);
  await card.waitFor();
  await expect.poll(() => card.getByText('Può darti: 004, 009', { exact: true }).isVisible()).toBe(true);
  await context.close();
});

test('switching to another album searches in that one, and the choice is still there after a reload', async () => {
  const me = await registeredUser(server.url, { cap: '20121' });
  await mark(me, figurine, 'double', '1-3');
  await mark(me, calciatori, 'yes', '1-5');
  await mark(me, calciatori, 'double', '6');
  // Marking Figurine Mondiali first made it the album for matches.
  expect((await me.api.get<Me>('/api/auth/me')).body.albumSelezionato).toBe(figurine.id);
  const inFigurine = await registeredUser(server.url, { cap: '20122' });
  await mark(inFigurine, figurine, 'double', '10-12');
  const inCalciatori = await registeredUser(server.url, { cap: '20122' });
  await mark(inCalciatori, calciatori, 'double', '15, 16');

  const { context, page } = await onProfile(me);
  await page.goto('/match');
  await candidateCard(page, inFigurine.nickname).waitFor();
  expect(await candidateCard(page, inCalciatori.nickname).count()).toBe(0);

  await page.goto('/profile');
  await expect.poll(() => shownAlbum(page)).toBe('Figurine Mondiali');
  await chooseAlbum(page, 'Calciatori 2026');
  await toast(page, 'Profilo aggiornato').waitFor();
  expect((await me.api.get<Me>('/api/auth/me')).body.albumSelezionato).toBe(calciatori.id);
  await page.reload();
  await expect.poll(() => shownAlbum(page)).toBe('Calciatori 2026');

  await page.getByRole('navigation', { name: 'Navigazione principale' }).getByText('Match').click();
  const card = candidateCard(page, inCalciatori.nickname);
  await card.waitFor();
  await expect.poll(() => card.getByText('006 ↔ 015', { exact: true }).isVisible()).toBe(true);
  expect(await candidateCard(page, inFigurine.nickname).count()).toBe(0);
  expect(pathOf(page)).toBe('/match');
  await context.close();
});

test("an album deleted meanwhile is refused with the server's message and the saved choice stays", async () => {
  const me = await registeredUser(server.url, { cap: '20121' });
  await mark(me, figurine, 'yes', '1');
  const doomed = await createAlbum(server.databaseUrl, {
    name: 'Album in chiusura',
    stickers: 5,
    position: 2,
  });
  const { context, page } = await onProfile(me);
  await albumSelect(page).click();
  await page.getByRole('option', { name: 'Album in chiusura', exact: true }).waitFor();
  await page.keyboard.press('Escape');
  expect((await admin.delete(`/api/albums/${doomed.id}`)).status).toBe(200);
  await chooseAlbum(page, 'Album in chiusura');
  const error = toast(page, 'Errore');
  await error.waitFor();
  expect(await error.textContent()).toContain('Album non trovato');
  await expect.poll(() => shownAlbum(page)).toBe('Figurine Mondiali');
  expect((await me.api.get<Me>('/api/auth/me')).body.albumSelezionato).toBe(figurine.id);
  await context.close();
});
