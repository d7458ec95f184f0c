import type { Page } from 'playwright-core';
import { expect, test } from 'vitest';
import { issueToken } from '../src/server/auth/account-tokens.ts';
import { openDatabase } from '../src/server/db/orm.ts';
import { registeredUser } from '../test/support/api-client.ts';
import { nicknameFirst, setUpAdmin } from './support/admin-login.ts';
import { loginThroughUi, pathOf } from './support/browser.ts';
import { setUpE2eApp } from './support/e2e-app.ts';

// 'Password dimenticata?': an admin's code from the users table, and a reset mail's link.

const app = setUpE2eApp();
const { server, newPhone } = app;
const { adminOn } = setUpAdmin(app);

const rowOf = (page: Page, nickname: string) =>
  page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: nicknameFirst(nickname) }) });

test("the admin gives a code in the users table; the collector's phone sets a new password with it and logs in", async () => {
  const collector = await registeredUser(server.url);
  const { context: desktop, page: adminPage } = await adminOn('/admin/utenti', 'Gestione Utenti');
  await rowOf(adminPage, collector.nickname)
    .getByRole('button', { name: `Altre azioni per ${collector.nickname}` })
    .click();
  await adminPage.getByRole('menuitem', { name: 'Codice di ripristino' }).click();
  const confirm = adminPage.getByRole('dialog', { name: 'Codice di ripristino' });
  await confirm.getByText(collector.nickname).waitFor();
  await confirm.getByRole('button', { name: 'Crea il codice' }).click();
  const shown = adminPage.getByRole('dialog', { name: `Codice di ripristino per ${collector.nickname}` });
  const code = (await shown.getByTestId('reset-code').textContent()) ?? '';
  expect(code).toMatch(/^[A-Z2-9]{10}$/);
  await shown
    .getByText(
      'Il codice vale 24 ore e una sola volta: il collezionista lo inserisce in «Password dimenticata?» con il suo nickname.',
    )
    .waitFor();
  await shown.getByRole('button', { name: 'Copia' }).waitFor();
  await shown.getByRole('button', { name: 'Fatto' }).click();
  await shown.waitFor({ state: 'detached' });
  await desktop.close();

  const { context, page } = await newPhone();
  await page.goto('/login');
  await page.getByRole('link', { name: 'Password dimenticata?' }).waitFor();
  await page.getByRole('link', { name: 'Password dimenticata?' }).click();
  await page.waitForURL((url) => url.pathname === '/password-dimenticata');
  await page.getByRole('heading', { name: 'Password dimenticata?' }).waitFor();
  const form = {
    nickname: page.getByLabel('Nickname', { exact: true }),
    code: page.getByLabel('Codice', { exact: true }),
    password: page.getByLabel('Nuova password', { exact: true }),
    submit: page.getByRole('button', { name: 'Imposta la nuova password' }),
  };
  // The server's schema speaks before anything is sent.
  await form.submit.click();
  await page.getByText('Il nickname è obbligatorio').waitFor();
  await page.getByText('Il codice è obbligatorio').waitFor();
  await form.nickname.fill(collector.nickname.toLowerCase());
  await form.code.fill(code.toLowerCase());
  await form.password.fill('corta');
  await form.submit.click();
  await page.getByText('La nuova password deve essere di almeno 6 caratteri').waitFor();
  await form.password.fill('nuova-password');
  await form.submit.click();
  await page.getByText('Password aggiornata').waitFor();
  await page.getByRole('link', { name: "Vai all'accesso" }).click();
  await page.waitForURL((url) => url.pathname === '/login');
  await loginThroughUi(page, { nickname: collector.nickname, password: 'nuova-password' });
  expect(pathOf(page)).toBe('/');
  await context.close();
});

test('a wrong code or an unknown nickname is refused under the code field, in Italian', async () => {
  const { context, page } = await newPhone();
  await page.goto('/password-dimenticata');
  await page.getByLabel('Nickname', { exact: true }).fill('NESSUNO');
  await page.getByLabel('Codice', { exact: true }).fill('ABCDEFGHJK');
  await page.getByLabel('Nuova password', { exact: true }).fill('nuova-password');
  await page.getByRole('button', { name: 'Imposta la nuova password' }).click();
  await page.getByText('Link o codice non valido o scaduto').waitFor();
  // A screen for strangers, like /login: no tab bar.
  expect(await page.getByRole('navigation', { name: 'Navigazione principale' }).count()).toBe(0);
  await context.close();
});

test("a reset mail's link sets a new password once", async () => {
  const collector = await registeredUser(server.url);
  const orm = await openDatabase(server.databaseUrl);
  let token: string;
  try {
    token = await issueToken(orm.em.fork(), { userId: collector.id, purpose: 'reset_password' });
  } finally {
    await orm.close();
  }
  const { context, page } = await newPhone();
  await page.goto(`/reimposta-password?token=${encodeURIComponent(token)}`);
  await page.getByRole('heading', { name: 'Reimposta la password' }).waitFor();
  await page.getByLabel('Nuova password', { exact: true }).fill('nuova-password');
  await page.getByRole('button', { name: 'Imposta la nuova password' }).click();
  await page.getByText('Password aggiornata').waitFor();

  // The same link again: refused, with the way to a new one.
  await page.goto(`/reimposta-password?token=${encodeURIComponent(token)}`);
  await page.getByLabel('Nuova password', { exact: true }).fill('altra-password');
  await page.getByRole('button', { name: 'Imposta la nuova password' }).click();
  await page.getByText('Link o codice non valido o scaduto.').waitFor();
  await page.getByRole('link', { name: 'Chiedi un nuovo link' }).waitFor();
  await loginThroughUi(page, { nickname: collector.nickname, password: 'nuova-password' });
  await context.close();
});

test('asking for a link says the same whatever was typed', async () => {
  const { context, page } = await newPhone();
  await page.goto('/password-dimenticata');
  await page.getByRole('button', { name: 'Invia il link' }).click();
  await page.getByText('Indica il tuo nickname o la tua e-mail').waitFor();
  await page.getByLabel('Nickname o e-mail').fill('nessuno@example.com');
  await page.getByRole('button', { name: 'Invia il link' }).click();
  await page
    .getByText("Se l'account ha un'e-mail verificata, riceverai un link entro pochi minuti.")
    .waitFor();
  await context.close();
});
