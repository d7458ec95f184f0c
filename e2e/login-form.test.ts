import type { Page } from 'playwright-core';
import { expect, test } from 'vitest';
import { apiClient, registeredUser, uniqueNickname } from '../test/support/api-client.ts';
import { holdTrpcCalls, pathOf, recordTrpcCalls, toast } from './support/browser.ts';
import { setUpE2eApp } from './support/e2e-app.ts';

const { server, newPhone } = setUpE2eApp();

async function loginScreen() {
  const { context, page } = await newPhone();
  await page.goto('/login');
  await page.getByRole('button', { name: 'Accedi' }).waitFor();
  return { context, page };
}

const fields = (page: Page) => ({
  nickname: page.getByLabel('Nickname'),
  password: page.getByLabel('Password', { exact: true }),
  cap: page.getByLabel('CAP'),
});

async function switchToRegister(page: Page) {
  await page.getByRole('button', { name: 'Crea un account' }).click();
  await page.getByRole('button', { name: 'Registrati' }).waitFor();
}

test('the nickname field keeps only uppercase letters and digits, at most 8', async () => {
  const { context, page } = await loginScreen();
  const { nickname } = fields(page);
  expect(await nickname.getAttribute('placeholder')).toBe('MAX 8 CARATTERI - SOLO LETTERE E NUMERI');
  await nickname.pressSequentially('ab-c d!efghijk');
  expect(await nickname.inputValue()).toBe('ABCDEFGH');
  await nickname.fill('mario.rossi_99');
  expect(await nickname.inputValue()).toBe('MARIOROS');
  await context.close();
});

test('the CAP field is only in register mode and the submit label follows the mode', async () => {
  const { context, page } = await loginScreen();
  const { cap } = fields(page);
  await expect
    .poll(() => page.getByRole('heading', { name: 'Accedi al tuo account' }).isVisible())
    .toBe(true);
  expect(await cap.count()).toBe(0);
  expect(await page.getByRole('button', { name: 'Registrati' }).count()).toBe(0);

  await switchToRegister(page);
  await expect.poll(() => cap.isVisible()).toBe(true);
  await expect.poll(() => page.getByRole('heading', { name: 'Crea il tuo account' }).isVisible()).toBe(true);
  expect(await page.getByRole('button', { name: 'Accedi' }).count()).toBe(0);

  await page.getByRole('button', { name: 'Entra con il tuo nickname' }).click();
  await page.getByRole('button', { name: 'Accedi' }).waitFor();
  expect(await cap.count()).toBe(0);
  expect(await page.getByRole('button', { name: 'Registrati' }).count()).toBe(0);
  await context.close();
});

test('registering with a 4-digit CAP shows the CAP error, sends nothing and stays on /login', async () => {
  const { context, page } = await loginScreen();
  const calls = recordTrpcCalls(page);
  await switchToRegister(page);
  const { nickname, password, cap } = fields(page);
  await nickname.fill(uniqueNickname('C'));
  await password.fill('password1');
  await cap.fill('2012');
  await page.getByRole('button', { name: 'Registrati' }).click();
  await page.getByText('Il CAP deve essere di 5 cifre', { exact: true }).waitFor();
  expect(await cap.getAttribute('aria-invalid')).toBe('true');
  expect(pathOf(page)).toBe('/login');
  expect(calls).not.toContain('auth.register');

  // Fixing the CAP clears the error.
  await cap.fill('20121');
  await page.getByText('Il CAP deve essere di 5 cifre').waitFor({ state: 'detached' });
  expect(await cap.getAttribute('aria-invalid')).not.toBe('true');
  await context.close();
});

test("registering with a CAP that does not exist shows the server's message in an 'Errore' toast", async () => {
  const { context, page } = await loginScreen();
  await switchToRegister(page);
  const { nickname, password, cap } = fields(page);
  const chosen = uniqueNickname('K');
  await nickname.fill(chosen);
  await password.fill('password1');
  await cap.fill('00000');
  await page.getByRole('button', { name: 'Registrati' }).click();
  const error = toast(page, 'Errore');
  await error.waitFor();
  expect(await error.textContent()).toContain('CAP non riconosciuto: inserisci un CAP italiano valido');
  expect(pathOf(page)).toBe('/login');
  expect(await page.getByRole('button', { name: 'Registrati' }).isEnabled()).toBe(true);
  // No account was made.
  const login = await apiClient(server.url).post('/api/auth/login', {
    nickname: chosen,
    password: 'password1',
  });
  expect(login.status).toBe(401);
  await context.close();
});

test("a wrong password shows 'Nickname o password non corretti' and sends only nickname and password", async () => {
  const user = await registeredUser(server.url);
  const { context, page } = await loginScreen();
  const bodies: unknown[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/trpc/auth.login')) bodies.push(request.postDataJSON());
  });
  const { nickname, password } = fields(page);
  await nickname.fill(user.nickname);
  await password.fill('sbagliata');
  await page.getByRole('button', { name: 'Accedi' }).click();
  const error = toast(page, 'Errore');
  await error.waitFor();
  expect(await error.textContent()).toContain('Nickname o password non corretti');
  expect(pathOf(page)).toBe('/login');
  expect(bodies).toEqual([{ 0: { nickname: user.nickname, password: 'sbagliata' } }]);
  await context.close();
});

test("while logging in the button reads 'Caricamento...' and is disabled, then Home opens", async () => {
  const user = await registeredUser(server.url);
  const { context, page } = await loginScreen();
  const { nickname, password } = fields(page);
  await nickname.fill(user.nickname);
  await password.fill(user.password);
  const login = await holdTrpcCalls(page, 'auth.login');
  try {
    await page.getByRole('button', { name: 'Accedi' }).click();
    const pending = page.getByRole('button', { name: 'Caricamento...' });
    await pending.waitFor();
    expect(await pending.isDisabled()).toBe(true);
    expect(login.held).toBe(1);
  } finally {
    login.release();
  }
  await page.waitForURL((url) => url.pathname === '/');
  await page.getByRole('heading', { name: `Ciao, ${user.nickname}!` }).waitFor();
  await context.close();
});
