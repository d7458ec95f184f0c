import type { Locator, Page } from 'playwright-core';
import { beforeAll, expect, test } from 'vitest';
import { apiClient, registeredUser, uniqueNickname } from '../test/support/api-client.ts';
import { createAlbum, type TestAlbum } from '../test/support/catalogue.ts';
import { setUpAdmin } from './support/admin-login.ts';
import { pathOf, recordTrpcCalls, screenStill, toast } from './support/browser.ts';
import { setUpE2eApp } from './support/e2e-app.ts';

const app = setUpE2eApp();
const { server, phoneOf } = app;
const { admin } = setUpAdmin(app);
let figurine: TestAlbum;
let calciatori: TestAlbum;
beforeAll(async () => {
  figurine = await createAlbum(server.databaseUrl, { name: 'Figurine Mondiali', stickers: 20, position: 0 });
  calciatori = await createAlbum(server.databaseUrl, { name: 'Calciatori 2026', stickers: 20, position: 1 });
});

type Collector = Awaited<ReturnType<typeof registeredUser>>;

/** A collector (a fresh one unless given), logged in on a phone and looking at the profile. */
async function onProfile(given?: Collector) {
  const user = given ?? (await registeredUser(server.url));
  const { context, page } = await phoneOf(user);
  await page.goto('/profile');
  await page.getByRole('heading', { name: 'Profilo', exact: true }).waitFor();
  return { context, page, user };
}

const section = (page: Page, name: 'Account' | 'Password') => page.getByRole('button', { name, exact: true });

const account = (page: Page) => ({
  nickname: page.getByLabel('Nickname'),
  cap: page.getByLabel('CAP'),
  save: page.getByRole('button', { name: 'Salva modifiche' }),
});

const passwordForm = (page: Page) => ({
  current: page.getByLabel('Password attuale'),
  next: page.getByLabel('Nuova password', { exact: true }),
  confirm: page.getByLabel('Conferma nuova password'),
  submit: page.getByRole('button', { name: 'Cambia password' }),
});

async function openSection(page: Page, name: 'Account' | 'Password') {
  await section(page, name).click();
  const field = name === 'Account' ? account(page).nickname : passwordForm(page).current;
  await field.waitFor();
  await screenStill(page);
}

/** The status of a login with these credentials, from a fresh API client (its own cookie and IP). */
async function canLogIn(nickname: string, password: string) {
  const response = await apiClient(server.url).post('/api/auth/login', { nickname, password });
  return response.status;
}

/**
 * The error a field shows under itself (Mantine links it with aria-describedby), or null; `below` says
 * it is drawn under the input, not elsewhere on the screen.
 */
async function errorUnder(field: Locator) {
  return field.evaluate((input) => {
    const ids = (input.getAttribute('aria-describedby') ?? '').split(/\s+/);
    const error = ids.map((id) => document.getElementById(id)).find((node) => node?.id.endsWith('-error'));
    if (!error?.textContent) return null;
    const below = error.getBoundingClientRect().top >= input.getBoundingClientRect().bottom;
    return below ? error.textContent : `not under the field: ${error.textContent}`;
  });
}

const confirmDialog = (page: Page) => page.getByRole('dialog', { name: 'Conferma cambio password' });

async function fillPasswords(page: Page, current: string, next: string, confirm: string) {
  const form = passwordForm(page);
  await form.current.fill(current);
  await form.next.fill(next);
  await form.confirm.fill(confirm);
}

test("a new collector's 'Stato Premium' card says 'Trial attivo'", async () => {
  const { context, page } = await onProfile();
  await page.getByText('Stato Premium', { exact: true }).waitFor();
  await expect.poll(() => page.getByText('Trial attivo', { exact: true }).isVisible()).toBe(true);
  expect(await page.getByText('Premium attivo').count()).toBe(0);
  await expect
    .poll(() =>
      page
        .getByText('Alla fine della prova non perdi nulla: album, doppie, match e chat restano tuoi.')
        .isVisible(),
    )
    .toBe(true);
  await expect.poll(() => page.getByRole('button', { name: 'Esci' }).isVisible()).toBe(true);
  await context.close();
});

test("'Mostra quando sono attivo' is on for a new collector, saved as soon as it is flipped, and kept after a reload", async () => {
  const { context, page, user } = await onProfile();
  const presence = page.getByRole('switch', { name: 'Mostra quando sono attivo' });
  await presence.waitFor({ state: 'attached' });
  expect(await presence.isChecked()).toBe(true);

  await presence.click();
  await toast(page, 'Profilo aggiornato').waitFor();
  expect(await presence.isChecked()).toBe(false);
  expect((await user.api.get('/api/auth/me')).body).toMatchObject({ showPresence: false });

  await page.reload();
  await presence.waitFor({ state: 'attached' });
  expect(await presence.isChecked()).toBe(false);
  await presence.click();
  await expect.poll(async () => (await user.api.get('/api/auth/me')).body.showPresence).toBe(true);
  // An adult's profile has no 'Visibile ai maggiorenni' switch: it is a teen's.
  expect(await page.getByRole('switch', { name: VISIBLE_TO_ADULTS }).count()).toBe(0);
  await context.close();
});

const VISIBLE_TO_ADULTS = 'Visibile ai maggiorenni per proporre scambi';

test("a teen's 'Visibile ai maggiorenni per proporre scambi' is off until flipped, saved at once and kept after a reload", async () => {
  const teen = await registeredUser(server.url, { birthYear: new Date().getFullYear() - 16, birthMonth: 1 });
  const { context, page } = await onProfile(teen);
  const visible = page.getByRole('switch', { name: VISIBLE_TO_ADULTS });
  await visible.waitFor({ state: 'attached' });
  expect(await visible.isChecked()).toBe(false);
  await screenStill(page);
  await visible.click();
  await toast(page, 'Profilo aggiornato').waitFor();
  expect((await teen.api.get('/api/auth/me')).body).toMatchObject({
    ageBand: '14-17',
    visibleToAdults: true,
  });
  await page.reload();
  await visible.waitFor({ state: 'attached' });
  expect(await visible.isChecked()).toBe(true);
  await page.screenshot({ path: '/tmp/teen-profile.png', fullPage: true });
  await context.close();
});

test('the Account and Password sections open and close, and only one is open at a time', async () => {
  const { context, page } = await onProfile();
  const { nickname } = account(page);
  const { current } = passwordForm(page);
  expect(await section(page, 'Account').getAttribute('aria-expanded')).toBe('false');
  expect(await section(page, 'Password').getAttribute('aria-expanded')).toBe('false');
  expect(await nickname.isVisible()).toBe(false);
  expect(await current.isVisible()).toBe(false);

  await openSection(page, 'Account');
  expect(await section(page, 'Account').getAttribute('aria-expanded')).toBe('true');
  expect(await current.isVisible()).toBe(false);

  await openSection(page, 'Password');
  await nickname.waitFor({ state: 'hidden' });
  expect(await section(page, 'Account').getAttribute('aria-expanded')).toBe('false');
  expect(await section(page, 'Password').getAttribute('aria-expanded')).toBe('true');

  await section(page, 'Password').click();
  await current.waitFor({ state: 'hidden' });
  expect(await section(page, 'Password').getAttribute('aria-expanded')).toBe('false');
  expect(await nickname.isVisible()).toBe(false);
  await context.close();
});

test("Account refuses, each under its field and with nothing saved: an empty nickname (what is typed filtered like registration), a taken one, a CAP that does not exist, and 'abc' or half a CAP before anything is sent; a whole CAP is saved", async () => {
  const other = await registeredUser(server.url);
  const { context, page, user } = await onProfile();
  const calls = recordTrpcCalls(page);
  await openSection(page, 'Account');
  const { nickname, cap, save } = account(page);
  expect(await nickname.inputValue()).toBe(user.nickname);
  await expect
    .poll(() => page.getByText('MAX 8 CARATTERI - SOLO LETTERE E NUMERI', { exact: true }).isVisible())
    .toBe(true);

  await nickname.fill('');
  await nickname.pressSequentially('MARIO.ROSSI99');
  expect(await nickname.inputValue()).toBe('MARIOROS');
  await nickname.fill('ab-1 c');
  expect(await nickname.inputValue()).toBe('AB1C');

  await nickname.fill('');
  await save.click();
  await expect.poll(() => errorUnder(nickname)).toBe('Il nickname è obbligatorio');
  expect(await nickname.getAttribute('aria-invalid')).toBe('true');
  expect(await toast(page, 'Errore').count()).toBe(0);
  expect(calls).not.toContain('users.updateProfile');
  const me = await user.api.get<{ nickname: string }>('/api/auth/me');
  expect(me.body.nickname).toBe(user.nickname);

  // A nickname taken by another collector, said by the server.
  await nickname.fill(other.nickname);
  await save.click();
  await expect.poll(() => errorUnder(nickname)).toBe('Nickname già in uso: scegline un altro');
  expect(await toast(page, 'Errore').count()).toBe(0);
  expect((await user.api.get<{ nickname: string }>('/api/auth/me')).body.nickname).toBe(user.nickname);

  // A CAP that does not exist (with the collector's own nickname back): under the CAP field, not in a toast.
  await nickname.fill(user.nickname);
  await cap.fill('00000');
  await save.click();
  await expect.poll(() => errorUnder(cap)).toBe('CAP non nel nostro elenco: scegli il tuo comune');
  expect(await toast(page, 'Errore').count()).toBe(0);
  expect((await user.api.get<{ cap: string }>('/api/auth/me')).body.cap).toBe(user.cap);

  // 'abc' is refused before anything is sent.
  const capCalls = recordTrpcCalls(page);
  await cap.fill('abc');
  await save.click();
  await expect.poll(() => errorUnder(cap)).toBe('Il CAP deve essere di 5 cifre');
  expect(await cap.getAttribute('aria-invalid')).toBe('true');

  // Half a CAP is said on leaving the field; a whole one takes the error away.
  await cap.fill('2012a');
  await nickname.focus();
  await expect.poll(() => errorUnder(cap)).toBe('Il CAP deve essere di 5 cifre');
  await cap.fill('00184');
  await expect.poll(() => errorUnder(cap)).toBeNull();
  expect(await toast(page, 'Errore').count()).toBe(0);
  expect(capCalls).not.toContain('users.updateProfile');
  expect((await user.api.get<{ cap: string }>('/api/auth/me')).body.cap).toBe(user.cap);

  await save.click();
  await toast(page, 'Profilo aggiornato').waitFor();
  expect((await user.api.get<{ cap: string }>('/api/auth/me')).body.cap).toBe('00184');
  await context.close();
});

test('a new valid nickname is saved uppercase, confirmed by a toast and still there after a reload', async () => {
  const { context, page, user } = await onProfile();
  await openSection(page, 'Account');
  const chosen = uniqueNickname('N');
  await account(page).nickname.fill(chosen.toLowerCase());
  expect(await account(page).nickname.inputValue()).toBe(chosen);
  await account(page).save.click();
  const saved = toast(page, 'Profilo aggiornato');
  await saved.waitFor();
  expect(await saved.textContent()).toContain('Le modifiche sono state salvate con successo');

  await page.reload();
  await openSection(page, 'Account');
  expect(await account(page).nickname.inputValue()).toBe(chosen);
  expect(await account(page).cap.inputValue()).toBe(user.cap);
  expect(await canLogIn(chosen, user.password)).toBe(200);
  expect(await canLogIn(user.nickname, user.password)).toBe(401);
  await context.close();
});

test('a CAP shared by several comuni (20090) asks which one in Profilo, and the comune picked is saved', async () => {
  const { context, page, user } = await onProfile();
  await openSection(page, 'Account');
  await account(page).cap.fill('20090');
  const comune = page.getByRole('combobox', { name: 'Il tuo comune' });
  await comune.waitFor();
  await account(page).save.click();
  await expect.poll(() => errorUnder(account(page).cap)).toBe('Questo CAP è di più comuni: scegli il tuo');
  await comune.click();
  await page.getByRole('option', { name: 'Assago (MI)' }).click();
  await account(page).save.click();
  await toast(page, 'Profilo aggiornato').waitFor();
  await page.screenshot({ path: '/tmp/b28-profile-comune.png', fullPage: true });
  expect((await user.api.get('/api/auth/me')).body).toMatchObject({ cap: '20090', comune: '015011' });
  await page.reload();
  await openSection(page, 'Account');
  await expect
    .poll(() => page.getByRole('combobox', { name: 'Il tuo comune' }).inputValue())
    .toBe('Assago (MI)');
  await context.close();
});

test("the password form: the 6-character hint, its fields checked in order (each error under its field, three empty ones all marked with the message once), nothing sent; a wrong current password, once confirmed, is said under its field; 'Annulla' in the confirmation changes nothing", async () => {
  const { context, page, user } = await onProfile();
  const calls = recordTrpcCalls(page);
  await openSection(page, 'Password');
  const { current, next, confirm, submit } = passwordForm(page);
  await expect.poll(() => page.getByText('Almeno 6 caratteri', { exact: true }).isVisible()).toBe(true);

  type Shown = { current?: string; next?: string; confirm?: string };
  const required = 'Tutti i campi sono obbligatori';
  const cases: [[string, string, string], Shown][] = [
    [['', '', ''], { current: required }],
    [['password1', 'nuovapass', ''], { confirm: required }],
    [['password1', 'nuovapass', 'nuovapasz'], { confirm: 'Le password non coincidono' }],
    [['password1', 'abc12', 'abc12'], { next: 'La nuova password deve essere di almeno 6 caratteri' }],
    [['password1', 'ab', 'abc'], { confirm: 'Le password non coincidono' }],
  ];
  for (const [typed, shown] of cases) {
    await fillPasswords(page, ...typed);
    await submit.click();
    const label = JSON.stringify(typed);
    await expect.poll(() => errorUnder(current), { message: label }).toBe(shown.current ?? null);
    expect(await errorUnder(next), label).toBe(shown.next ?? null);
    expect(await errorUnder(confirm), label).toBe(shown.confirm ?? null);
    expect(await confirmDialog(page).count()).toBe(0);
  }
  expect(calls).not.toContain('users.changePassword');

  // Three empty fields are all marked, the message said once.
  await fillPasswords(page, '', '', '');
  await submit.click();
  await expect.poll(() => errorUnder(current)).toBe('Tutti i campi sono obbligatori');
  for (const field of [current, next, confirm]) expect(await field.getAttribute('aria-invalid')).toBe('true');
  expect(await page.getByText('Tutti i campi sono obbligatori', { exact: true }).count()).toBe(1);

  // A wrong current password, once confirmed.
  await fillPasswords(page, 'nonequesta', 'nuovapass1', 'nuovapass1');
  await submit.click();
  const dialog = confirmDialog(page);
  await dialog.waitFor();
  expect(await dialog.textContent()).toContain(
    'Vuoi davvero cambiare la password? Questa azione non può essere annullata.',
  );
  await dialog.getByRole('button', { name: 'Conferma' }).click();
  await dialog.waitFor({ state: 'hidden' });
  await expect.poll(() => errorUnder(current)).toBe('La password attuale non è corretta');
  expect(await toast(page, 'Errore').count()).toBe(0);
  expect(await canLogIn(user.nickname, user.password)).toBe(200);
  expect(await canLogIn(user.nickname, 'nuovapass1')).toBe(401);

  // 'Annulla' in the confirmation dialog changes nothing.
  const annullaCalls = recordTrpcCalls(page);
  await fillPasswords(page, user.password, 'nuovapass1', 'nuovapass1');
  await submit.click();
  await dialog.waitFor();
  await dialog.getByRole('button', { name: 'Annulla' }).click();
  await dialog.waitFor({ state: 'hidden' });
  expect(annullaCalls).not.toContain('users.changePassword');
  expect(await canLogIn(user.nickname, user.password)).toBe(200);
  expect(await canLogIn(user.nickname, 'nuovapass1')).toBe(401);
  await context.close();
});

// 'Segnala un problema', and what becomes of a report.

type Report = { description: string; page: string | null; username: string | null };

async function reportSaid(description: string) {
  const list = await admin.get<{ reports: Report[] }>('/api/admin/reports?type=user&limit=100');
  return list.body.reports.find((report) => report.description === description);
}

async function onProfileFrom(tab: 'Album' | 'Match' | undefined) {
  const user = await registeredUser(server.url);
  const { context, page } = await phoneOf(user);
  const tabs = page.getByRole('navigation', { name: 'Navigazione principale' });
  if (tab) {
    await page.goto(`/${tab.toLowerCase()}`);
    await tabs.getByText('Profilo', { exact: true }).click();
    await page.waitForURL('**/profile');
  } else {
    await page.goto('/profile');
  }
  await page.getByRole('heading', { name: 'Profilo', exact: true }).waitFor();
  return { context, page, user };
}

test("'Segnala un problema' names the screen the collector came from and sends it: only the description is typed", async () => {
  const { context, page, user } = await onProfileFrom('Album');
  await page.getByRole('button', { name: 'Segnala un problema' }).click();
  const dialog = page.getByRole('dialog', { name: 'Segnala un problema' });
  await dialog.waitFor();
  await expect.poll(() => dialog.getByText('Schermata:').textContent()).toBe('Schermata: Album');
  expect(await dialog.getByRole('textbox').count()).toBe(1);

  const description = `Le doppie non si salvano (${user.nickname})`;
  await dialog.getByLabel('Descrizione').fill(description);
  await dialog.getByRole('button', { name: 'Invia' }).click();
  await toast(page, 'Segnalazione inviata').waitFor();
  await dialog.waitFor({ state: 'hidden' });
  expect(await reportSaid(description)).toMatchObject({ page: '/album', username: user.nickname });
  await context.close();
});

test('a profile opened straight away names no screen and sends none', async () => {
  const { context, page, user } = await onProfileFrom(undefined);
  await page.getByRole('button', { name: 'Segnala un problema' }).click();
  const dialog = page.getByRole('dialog', { name: 'Segnala un problema' });
  await dialog.getByLabel('Descrizione').waitFor();
  expect(await dialog.getByText('Schermata:').count()).toBe(0);

  const description = `Non so dove (${user.nickname})`;
  await dialog.getByLabel('Descrizione').fill(description);
  await dialog.getByRole('button', { name: 'Invia' }).click();
  await toast(page, 'Segnalazione inviata').waitFor();
  expect(await reportSaid(description)).toMatchObject({ page: null, username: user.nickname });
  await context.close();
});

test('a collector who reported another reads the outcome in their profile: in esame, then risolta', async () => {
  const { context, page, user } = await onProfileFrom(undefined);
  const other = await registeredUser(server.url);
  const sent = await user.api.post<{ id: number }>(`/api/users/${other.id}/report`, { reason: 'Minacce' });
  await page.reload();
  const mine = page.getByRole('region', { name: 'Le tue segnalazioni' });
  await mine.getByText(`${other.nickname}: in esame`, { exact: true }).waitFor();

  await admin.put(`/api/admin/reports/${sent.body.id}`, { status: 'risolto' });
  await page.reload();
  await mine.getByText(`${other.nickname}: risolta dall’amministratore`, { exact: true }).waitFor();
  await context.close();
});

// The album searched on Match, chosen in the profile.

type Me = { albumSelezionato: number | null };

async function mark(user: Collector, album: TestAlbum, status: 'yes' | 'double', numbers: string) {
  const response = await user.api.post('/api/user/stickers/bulk', { albumId: album.id, numbers, status });
  if (response.status !== 200) throw new Error(JSON.stringify(response.body));
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
