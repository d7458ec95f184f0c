import { beforeAll, expect, test } from 'vitest';
import { adminClient } from '../test/support/admin-client.ts';
import { type ApiClient, registeredUser } from '../test/support/api-client.ts';
import { loginThroughUi, toast } from './support/browser.ts';
import { setUpE2eApp } from './support/e2e-app.ts';

const { server, newPhone } = setUpE2eApp();
let admin: ApiClient;
beforeAll(async () => {
  admin = await adminClient(server.url);
});

type Report = { description: string; page: string | null; username: string | null };

async function reportSaid(description: string) {
  const list = await admin.get<{ reports: Report[] }>('/api/admin/reports?type=user&limit=100');
  return list.body.reports.find((report) => report.description === description);
}

async function onProfileFrom(tab: 'Album' | 'Match' | undefined) {
  const user = await registeredUser(server.url);
  const { context, page } = await newPhone();
  await loginThroughUi(page, user);
  const tabs = page.getByRole('navigation', { name: 'Navigazione principale' });
  if (tab) {
    await tabs.getByText(tab, { exact: true }).click();
    await page.waitForURL(`**/${tab.toLowerCase()}`);
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
