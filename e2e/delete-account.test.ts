import { expect, test } from 'vitest';
import { apiClient } from '../test/support/api-client.ts';
import { matchedPair } from '../test/support/collectors.ts';
import { pathOf, toast } from './support/browser.ts';
import { setUpE2eApp } from './support/e2e-app.ts';

const app = setUpE2eApp();
const { server, phoneOf } = app;

test('Profilo → Elimina account: what goes and stays, the password, a last confirmation, then the login screen', async () => {
  const { anna: user, bruno, matchId } = await matchedPair(server);
  const sent = await user.api.post(`/api/matches/${matchId}/messages`, { content: 'Ho la 7 doppia' });
  expect(sent.status).toBe(200);
  const { page } = await phoneOf(user);
  await page.goto('/profile');
  await page.getByRole('heading', { name: 'Profilo', exact: true }).waitFor();

  const open = page.getByRole('button', { name: 'Elimina account' });
  await open.scrollIntoViewIfNeeded();
  await page.screenshot({ path: '/tmp/e32-delete-account-card.png' });
  await open.click();
  const dialog = page.getByRole('dialog', { name: 'Elimina account' });
  await dialog.waitFor();
  await dialog.getByText('Cosa resta, firmato «Utente eliminato»').waitFor();
  await page.screenshot({ path: '/tmp/e32-delete-account.png', animations: 'disabled' });
  const password = dialog.getByLabel('Password', { exact: true });
  const submit = dialog.getByRole('button', { name: 'Continua' });

  // Empty, then wrong: said under the field, and nothing is deleted.
  await submit.click();
  await dialog.getByText('La password è obbligatoria').waitFor();
  await password.fill('sbagliata');
  await submit.click();
  const sure = page.getByRole('dialog', { name: 'Eliminare davvero l’account?' });
  await sure.getByRole('button', { name: 'Sì, elimina' }).click();
  await dialog.getByText('La password attuale non è corretta').waitFor();
  expect(pathOf(page)).toBe('/profile');

  // Right: confirmed once more, then out to the login screen with a word of what happened.
  await password.fill(user.password);
  await submit.click();
  await page.getByRole('dialog', { name: 'Eliminare davvero l’account?' }).waitFor();
  await page.screenshot({ path: '/tmp/e32-delete-account-sure.png', animations: 'disabled' });
  await sure.getByRole('button', { name: 'Sì, elimina' }).click();
  await page.waitForURL((url) => url.pathname === '/login');
  await toast(page, 'Account eliminato').waitFor();
  await page.screenshot({ path: '/tmp/e32-delete-account-done.png' });

  const login = await apiClient(server.url).post('/api/auth/login', {
    nickname: user.nickname,
    password: user.password,
  });
  expect(login.status).toBe(401);

  // Bruno keeps the chat: the message stays, its author 'Utente eliminato', and nothing more to write to.
  const other = await phoneOf(bruno);
  await other.page.goto(`/chat/${matchId}`);
  await other.page.getByRole('heading', { name: 'Utente eliminato' }).waitFor();
  await other.page.getByText('Ho la 7 doppia', { exact: true }).waitFor();
  // One line instead of the composer (issue 48, row 4), and Home no longer calls it an active match.
  await other.page
    .getByRole('status')
    .getByText("Questo collezionista ha eliminato l'account: la chat resta da leggere.")
    .waitFor();
  expect(await other.page.getByRole('textbox', { name: 'Messaggio' }).count()).toBe(0);
  await other.page.screenshot({ path: '/tmp/e32-chat-after-deletion.png' });
  await other.page.goto('/');
  const item = other.page.getByRole('listitem', { name: 'Utente eliminato' });
  await item.getByText('Chat chiusa', { exact: true }).waitFor();
  expect(await item.getByText('Match attivo').count()).toBe(0);
  await item.getByRole('link', { name: 'Leggi' }).waitFor();
});
