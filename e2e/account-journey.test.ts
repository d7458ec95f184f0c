import { expect, test } from 'vitest';
import { uniqueNickname } from '../test/support/api-client.ts';
import { registerThroughUi } from './support/browser.ts';
import { setUpE2eApp } from './support/e2e-app.ts';

const { newPhone } = setUpE2eApp();

test('a collector registers, changes password, logs out and logs in again on a phone', async () => {
  const { context, page } = await newPhone();
  const user = { nickname: uniqueNickname('E'), password: 'primapass', cap: '20121' };

  await registerThroughUi(page, user);
  await expect
    .poll(() => page.getByRole('heading', { name: `Ciao, ${user.nickname}!` }).isVisible())
    .toBe(true);
  for (const counter of ['Raccolte', 'Doppie', 'Mancanti']) {
    await expect.poll(() => page.getByText(counter, { exact: true }).isVisible()).toBe(true);
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
