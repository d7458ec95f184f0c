import type { Page } from 'playwright-core';
import { beforeEach, expect, test } from 'vitest';
import { BACKUPS_EXTERNAL } from '../src/client/features/admin/settings/setting-options.ts';
import { DEFAULT_SETTINGS } from '../src/server/settings/settings-store.ts';
import { setUpAdmin } from './support/admin-login.ts';
import { holdTrpcCalls, toast } from './support/browser.ts';
import { setUpE2eApp } from './support/e2e-app.ts';

type Settings = {
  maintenanceMode: string;
  logLevel: string;
  autoBackup: boolean;
  lastBackupAt: string | null;
  lastMaintenanceAt: string | null;
  effectiveLogLevel: string;
};

// No pinned LOG_LEVEL: the saved log level really drives the server's logger.
const app = setUpE2eApp({ env: { LOG_LEVEL: '' } });
const { admin, adminOn } = setUpAdmin(app);
// The settings are one row for the whole server: each test starts from the defaults.
beforeEach(async () => {
  expect((await admin.put('/api/admin/settings', DEFAULT_SETTINGS)).status).toBe(200);
});

async function serverSettings() {
  return (await admin.get<Settings>('/api/admin/settings')).body;
}

async function onSettings() {
  const { context, page } = await adminOn('/admin/impostazioni', 'Impostazioni');
  await field(page, 'Manutenzione dati').waitFor();
  return { context, page };
}

const field = (page: Page, label: string) => page.getByRole('combobox', { name: label, exact: true });
const saveButton = (page: Page) => page.getByRole('button', { name: 'Salva Impostazioni' });
const cleanUpButton = (page: Page) => page.getByRole('button', { name: 'Esegui pulizia ora' });

async function choose(page: Page, label: string, option: string) {
  await field(page, label).click();
  await page.getByRole('option', { name: option, exact: true }).click();
  await expect.poll(() => field(page, label).inputValue()).toBe(option);
}

const shown = async (page: Page) => ({
  maintenance: await field(page, 'Manutenzione dati').inputValue(),
  logLevel: await field(page, 'Livello di log').inputValue(),
  backups: await field(page, 'Backup automatici').inputValue(),
});

test('the defaults are shown, each with a line on what it does', async () => {
  const { context, page } = await onSettings();
  await expect.poll(() => page.getByText('Configurazione Sistema', { exact: true }).isVisible()).toBe(true);
  expect(await shown(page)).toEqual({ maintenance: 'Automatico', logLevel: 'info', backups: 'Abilitati' });
  // The e2e app runs on an external database: its platform makes the backups, and the switch is off limits.
  expect(await page.getByText(BACKUPS_EXTERNAL).isVisible()).toBe(true);
  expect(await field(page, 'Backup automatici').isDisabled()).toBe(true);
  await expect.poll(() => page.getByText(/^Ultima pulizia: /).isVisible()).toBe(true);
  await expect.poll(() => page.getByText('Livello in uso ora: info').isVisible()).toBe(true);
  expect(await cleanUpButton(page).count()).toBe(0);
  await context.close();
});

test('the changes are saved, survive a reload, reach the API and set the log level', async () => {
  expect((await admin.put('/api/admin/settings', { ...DEFAULT_SETTINGS, autoBackup: false })).status).toBe(
    200,
  );
  const { context, page } = await onSettings();
  await choose(page, 'Manutenzione dati', 'Disabilitato');
  await choose(page, 'Livello di log', 'warn');

  const save = await holdTrpcCalls(page, 'settings.save');
  await saveButton(page).click();
  await page.getByRole('button', { name: 'Salvataggio...' }).waitFor();
  save.release();
  await toast(page, 'Impostazioni salvate').waitFor();
  await page.getByText('Livello in uso ora: warn').waitFor();

  await page.reload();
  await field(page, 'Manutenzione dati').waitFor();
  expect(await shown(page)).toEqual({
    maintenance: 'Disabilitato',
    logLevel: 'warn',
    backups: 'Disabilitati',
  });
  expect(await serverSettings()).toMatchObject({
    maintenanceMode: 'disabilitato',
    logLevel: 'warn',
    autoBackup: false,
    effectiveLogLevel: 'warn',
  });
  expect(await cleanUpButton(page).count()).toBe(0);
  await context.close();
});

test("once 'Manuale' is saved, 'Esegui pulizia ora' runs the clean-up and says what it removed", async () => {
  const { context, page } = await onSettings();
  const before = await serverSettings();
  await choose(page, 'Manutenzione dati', 'Manuale');
  // Only the saved mode counts: the server refuses a clean-up when maintenance is off.
  expect(await cleanUpButton(page).count()).toBe(0);
  await saveButton(page).click();
  await toast(page, 'Impostazioni salvate').waitFor();

  await cleanUpButton(page).click();
  const done = toast(page, 'Pulizia completata');
  await done.waitFor();
  expect(await done.textContent()).toMatch(/Eliminati: \d+ session|Non c'era niente da eliminare/);
  const after = await serverSettings();
  expect(after.maintenanceMode).toBe('manuale');
  expect(after.lastMaintenanceAt).not.toBeNull();
  expect(after.lastMaintenanceAt).not.toBe(before.lastMaintenanceAt);
  await context.close();
});
