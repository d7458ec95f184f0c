import type { Page } from 'playwright-core';
import { expect, test } from 'vitest';
import { apiClient, registeredUser, uniqueNickname } from '../test/support/api-client.ts';
import { loginThroughUi, recordTrpcCalls, toast } from './support/browser.ts';
import { setUpE2eApp } from './support/e2e-app.ts';

const { server, newPhone } = setUpE2eApp();

/** A fresh collector, logged in on a phone and looking at the profile. */
async function onProfile() {
  const user = await registeredUser(server.url);
  const { context, page } = await newPhone();
  await loginThroughUi(page, user);
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
}

/** The status of a login with these credentials, from a fresh API client (its own cookie and IP). */
async function canLogIn(nickname: string, password: string) {
  const response = await apiClient(server.url).post('/api/auth/login', { nickname, password });
  return response.status;
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
  await expect.poll(() => page.getByRole('button', { name: 'Esci' }).isVisible()).toBe(true);
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

test('the nickname field refuses invalid nicknames and sends nothing', async () => {
  const { context, page, user } = await onProfile();
  const calls = recordTrpcCalls(page);
  await openSection(page, 'Account');
  const { nickname, save } = account(page);
  expect(await nickname.inputValue()).toBe(user.nickname);

  const cases: [string, string][] = [
    ['AB-1', 'Il nickname deve contenere solo lettere maiuscole e numeri'],
    ['', 'Il nickname è obbligatorio'],
    ['ABCDEFGHI', 'Il nickname non può superare 8 caratteri'],
  ];
  for (const [typed, message] of cases) {
    await nickname.fill(typed);
    await save.click();
    await page.getByText(message, { exact: true }).waitFor();
    expect(await nickname.getAttribute('aria-invalid'), `for '${typed}'`).toBe('true');
  }
  expect(calls).not.toContain('users.updateProfile');
  const me = await user.api.get<{ nickname: string }>('/api/auth/me');
  expect(me.body.nickname).toBe(user.nickname);
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

test("saving a CAP that does not exist shows the server's message in an 'Errore' toast", async () => {
  const { context, page, user } = await onProfile();
  await openSection(page, 'Account');
  await account(page).cap.fill('00000');
  await account(page).save.click();
  const error = toast(page, 'Errore');
  await error.waitFor();
  expect(await error.textContent()).toContain('CAP non riconosciuto: inserisci un CAP italiano valido');
  const me = await user.api.get<{ cap: string }>('/api/auth/me');
  expect(me.body.cap).toBe(user.cap);
  await context.close();
});

test('the password form checks its fields in order before asking for confirmation', async () => {
  const { context, page } = await onProfile();
  const calls = recordTrpcCalls(page);
  await openSection(page, 'Password');
  const { submit } = passwordForm(page);
  const cases: [[string, string, string], string][] = [
    [['', '', ''], 'Tutti i campi sono obbligatori'],
    [['password1', 'nuovapass', ''], 'Tutti i campi sono obbligatori'],
    [['password1', 'nuovapass', 'nuovapasz'], 'Le password non coincidono'],
    [['password1', 'abc12', 'abc12'], 'La nuova password deve essere di almeno 6 caratteri'],
    [['password1', 'ab', 'abc'], 'Le password non coincidono'],
  ];
  for (const [[current, next, confirm], message] of cases) {
    await fillPasswords(page, current, next, confirm);
    await submit.click();
    const shown = page.getByRole('alert').filter({ hasText: message });
    await shown.waitFor();
    expect(await shown.textContent(), `for ${JSON.stringify([current, next, confirm])}`).toBe(message);
    expect(await confirmDialog(page).count()).toBe(0);
  }
  expect(calls).not.toContain('users.changePassword');
  await context.close();
});

test("a wrong current password, once confirmed, shows 'La password attuale non è corretta'", async () => {
  const { context, page, user } = await onProfile();
  await openSection(page, 'Password');
  await fillPasswords(page, 'nonequesta', 'nuovapass1', 'nuovapass1');
  await passwordForm(page).submit.click();
  const dialog = confirmDialog(page);
  await dialog.waitFor();
  expect(await dialog.textContent()).toContain(
    'Sei sicuro di voler cambiare la password? Questa azione non può essere annullata.',
  );
  await dialog.getByRole('button', { name: 'Conferma' }).click();
  const error = toast(page, 'Errore');
  await error.waitFor();
  expect(await error.textContent()).toContain('La password attuale non è corretta');
  await dialog.waitFor({ state: 'hidden' });
  expect(await canLogIn(user.nickname, user.password)).toBe(200);
  expect(await canLogIn(user.nickname, 'nuovapass1')).toBe(401);
  await context.close();
});

test("'Annulla' in the confirmation dialog changes nothing", async () => {
  const { context, page, user } = await onProfile();
  const calls = recordTrpcCalls(page);
  await openSection(page, 'Password');
  await fillPasswords(page, user.password, 'nuovapass1', 'nuovapass1');
  await passwordForm(page).submit.click();
  const dialog = confirmDialog(page);
  await dialog.waitFor();
  await dialog.getByRole('button', { name: 'Annulla' }).click();
  await dialog.waitFor({ state: 'hidden' });
  expect(calls).not.toContain('users.changePassword');
  expect(await canLogIn(user.nickname, user.password)).toBe(200);
  expect(await canLogIn(user.nickname, 'nuovapass1')).toBe(401);
  await context.close();
});
