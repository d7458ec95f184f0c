import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { uniqueNickname } from '../test/support/api-client.ts';
import { startTestServer, type TestServer } from '../test/support/test-server.ts';
import { launchBrowser, newPage, registerThroughUi } from './support/browser.ts';

let server: TestServer;
let browser: Browser;
beforeAll(async () => {
  [server, browser] = await Promise.all([startTestServer(), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

test('a collector registers, changes password, logs out and logs in again on a phone', async () => {
  const { context, page } = await newPage(browser, server.url);
  const user = { nickname: uniqueNickname('E'), password: 'primapass', cap: '20121' };

  await registerThroughUi(page, user);
  await expect
    .poll(() => page.getByRole('heading', { name: `Ciao, ${user.nickname}!` }).isVisible())
    .toBe(true);
  for (const counter of ['Raccolte', 'Doppie', 'Mancanti']) {
    expect(await page.getByText(counter, { exact: true }).isVisible()).toBe(true);
  }

  await page.getByRole('navigation', { name: 'Navigazione principale' }).getByText('Profilo').click();
  await page.waitForURL('**/profile');
  await page.getByRole('button', { name: 'Password' }).click();
  await page.getByLabel('Password attuale').fill(user.password);
  await page.getByLabel('Nuova password', { exact: true }).fill('secondapass');
  await page.getByLabel('Conferma nuova password').fill('secondapass');
  await page.getByRole('button', { name: 'Cambia password' }).click();
  await page
    .getByText('Sei sicuro di voler cambiare la password? Questa azione non può essere annullata.')
    .waitFor();
  await page.getByRole('button', { name: 'Conferma' }).click();
  await page.getByText('La password è stata aggiornata con successo').waitFor();

  await page.getByRole('button', { name: 'Esci' }).click();
  await page.waitForURL('**/login');

  await page.getByLabel('Nickname').fill(user.nickname);
  await page.getByLabel('Password', { exact: true }).fill('secondapass');
  await page.getByRole('button', { name: 'Accedi' }).click();
  await page.waitForURL((url) => url.pathname === '/');
  await page.getByRole('heading', { name: `Ciao, ${user.nickname}!` }).waitFor();
  await context.close();
});
