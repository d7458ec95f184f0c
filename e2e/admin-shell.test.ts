import type { Page } from 'playwright-core';
import { expect, test } from 'vitest';
import { registeredUser } from '../test/support/api-client.ts';
import { TEST_ADMIN } from '../test/support/test-server.ts';
import { setUpAdmin } from './support/admin-login.ts';
import { loginThroughUi, pathOf } from './support/browser.ts';
import { setUpE2eApp } from './support/e2e-app.ts';

const app = setUpE2eApp();
const { server, newPhone, newDesktop } = app;
const { admin } = setUpAdmin(app);

const loginForm = (page: Page) => page.getByRole('heading', { name: 'Accesso amministratore' });
const nav = (page: Page) => page.getByRole('navigation', { name: 'Sezioni amministrazione' });
const sectionHeading = (page: Page, name: string) =>
  page.getByRole('heading', { name, exact: true, level: 2 });

async function submitAdminLogin(page: Page, credentials: { nickname: string; password: string }) {
  await page.getByLabel('Nickname').fill(credentials.nickname);
  await page.getByLabel('Password', { exact: true }).fill(credentials.password);
  await page.getByRole('button', { name: 'Accedi' }).click();
}

/** The figure a dashboard or counter card shows, found by its label. */
async function figure(page: Page, label: string) {
  const card = page.getByRole('group', { name: label, exact: true });
  await expect.poll(() => card.getAttribute('aria-busy')).toBe('false');
  return Number((await card.textContent())?.replace(/\D/g, ''));
}

test("a phone on /admin/utenti sees 'Serve un computer' and nothing of the panel", async () => {
  const { context, page } = await newPhone();
  await page.goto('/admin/utenti');
  await page.getByRole('heading', { name: 'Serve un computer' }).waitFor();
  expect(
    await page.getByText('Il pannello admin è accessibile solo da desktop.', { exact: true }).isVisible(),
  ).toBe(true);
  expect(await page.getByLabel('Nickname').count()).toBe(0);
  expect(await nav(page).count()).toBe(0);
  expect(pathOf(page)).toBe('/admin/utenti');
  await context.close();
});

test("'Pannello admin' shows on Home to an administrator only; nobody sees it on the login screen", async () => {
  const collector = await registeredUser(server.url);
  const { context, page } = await newPhone();
  await page.goto('/login');
  await page.getByRole('button', { name: 'Accedi' }).waitFor();
  expect(await page.getByRole('link', { name: /admin|amministrator/i }).count()).toBe(0);
  await loginThroughUi(page, collector);
  await page.getByRole('button', { name: 'Match', exact: true }).click();
  await page.waitForURL(/\/match$/);
  await page.getByRole('button', { name: 'Home', exact: true }).click();
  await page.waitForURL((url) => url.pathname === '/');
  await page.getByRole('main').waitFor();
  expect(await page.getByRole('link', { name: 'Pannello admin' }).count()).toBe(0);
  await context.close();

  const admin = await newPhone();
  await loginThroughUi(admin.page, TEST_ADMIN);
  await admin.page.getByRole('link', { name: 'Pannello admin' }).waitFor();
  await admin.page.getByRole('link', { name: 'Pannello admin' }).click();
  await admin.page.getByRole('heading', { name: 'Serve un computer' }).waitFor();
  await admin.context.close();
});

test('a stranger on a desktop gets the admin login form; a wrong password shows the server message', async () => {
  const { context, page } = await newDesktop();
  await page.goto('/admin');
  await loginForm(page).waitFor();
  expect(await nav(page).count()).toBe(0);
  expect(await page.getByText('Serve un computer').count()).toBe(0);

  await submitAdminLogin(page, { nickname: TEST_ADMIN.nickname, password: 'sbagliata-123' });
  const error = page.getByRole('alert').filter({ hasText: 'Accesso non riuscito' });
  await error.waitFor();
  expect(await error.textContent()).toContain('Nickname o password non corretti');
  expect(await nav(page).count()).toBe(0);
  await context.close();
});

test('the administrator logs in from /admin without a reload and the dashboard shows the API figures', async () => {
  await registeredUser(server.url);
  await registeredUser(server.url);
  const { context, page } = await newDesktop();
  await page.goto('/admin');
  await loginForm(page).waitFor();
  // A full reload would wipe this marker.
  await page.evaluate(() => Object.assign(window, { sameDocument: true }));
  await submitAdminLogin(page, TEST_ADMIN);

  await sectionHeading(page, 'Dashboard').waitFor();
  expect(await page.evaluate(() => 'sameDocument' in window)).toBe(true);
  expect(pathOf(page)).toBe('/admin');
  expect(await page.getByRole('banner').getByText(TEST_ADMIN.nickname, { exact: true }).isVisible()).toBe(
    true,
  );
  await expect
    .poll(() => page.getByRole('banner').getByRole('button', { name: 'Esci' }).isVisible())
    .toBe(true);

  const stats = await admin.get<Record<string, number>>('/api/admin/stats');
  expect(stats.body.totalUsers).toBeGreaterThanOrEqual(2);
  expect(await figure(page, 'Utenti totali')).toBe(stats.body.totalUsers);
  expect(await figure(page, 'Album attivi')).toBe(stats.body.activeAlbums);
  expect(await figure(page, 'Segnalazioni')).toBe(stats.body.pendingReports);
  await context.close();
});

test("a collector on /admin is refused, can go back to the app, and 'Esci' leads to the admin login", async () => {
  const collector = await registeredUser(server.url);
  const { context, page } = await newDesktop();
  await loginThroughUi(page, collector);
  await page.goto('/admin/utenti');
  await page.getByRole('heading', { name: 'Accesso negato' }).waitFor();
  await expect
    .poll(() => page.getByText('Questa area è riservata agli amministratori.').isVisible())
    .toBe(true);
  expect(await nav(page).count()).toBe(0);
  expect(await page.getByRole('link', { name: "Torna all'app" }).getAttribute('href')).toBe('/');

  await page.getByRole('button', { name: 'Esci' }).click();
  await loginForm(page).waitFor();
  expect((await collector.api.get('/api/auth/me')).status).toBe(200);
  await submitAdminLogin(page, TEST_ADMIN);
  await sectionHeading(page, 'Gestione Utenti').waitFor();
  expect(pathOf(page)).toBe('/admin/utenti');
  await context.close();
});

test('the side navigation changes the URL and the section, and marks the current one', async () => {
  const { context, page } = await newDesktop();
  await page.goto('/admin');
  await submitAdminLogin(page, TEST_ADMIN);
  await sectionHeading(page, 'Dashboard').waitFor();

  const visits: [string, string, string][] = [
    ['Utenti', '/admin/utenti', 'Gestione Utenti'],
    ['Album', '/admin/album', 'Gestione Album'],
    ['Segnalazioni', '/admin/segnalazioni', 'Segnalazioni'],
    ['Punti Scambio', '/admin/punti-scambio', 'Punti Scambio'],
    ['Impostazioni', '/admin/impostazioni', 'Impostazioni'],
    ['Dashboard', '/admin', 'Dashboard'],
  ];
  for (const [link, path, heading] of visits) {
    await nav(page).getByRole('link', { name: link, exact: true }).click();
    await page.waitForURL((url) => url.pathname === path);
    await sectionHeading(page, heading).waitFor();
    const current = nav(page).locator('[aria-current="page"]');
    expect(await current.count(), `on ${path}`).toBe(1);
    expect(await current.textContent(), `on ${path}`).toBe(link);
  }
  await nav(page).getByRole('link', { name: 'Segnalazioni', exact: true }).click();
  await page.getByText('Nessuna segnalazione', { exact: true }).waitFor();

  // Each section is a real URL: loading it directly shows it, whatever the spelling.
  await page.goto('/admin/Impostazioni/');
  await sectionHeading(page, 'Impostazioni').waitFor();
  expect(pathOf(page)).toBe('/admin/impostazioni');
  await expect.poll(() => page.getByText('Configurazione Sistema').isVisible()).toBe(true);
  await context.close();
});

test("'Esci' in the header ends the admin session and shows the login form again", async () => {
  const { context, page } = await newDesktop();
  await page.goto('/admin/impostazioni');
  await submitAdminLogin(page, TEST_ADMIN);
  await sectionHeading(page, 'Impostazioni').waitFor();
  await page.getByRole('banner').getByRole('button', { name: 'Esci' }).click();
  await loginForm(page).waitFor();
  expect(await nav(page).count()).toBe(0);
  await page.reload();
  await loginForm(page).waitFor();
  await context.close();
});

test('when the session ends while the panel is open, the next call brings back the login form', async () => {
  const { context, page } = await newDesktop();
  await page.goto('/admin');
  await submitAdminLogin(page, TEST_ADMIN);
  await sectionHeading(page, 'Dashboard').waitFor();
  await context.clearCookies();
  await nav(page).getByRole('link', { name: 'Utenti', exact: true }).click();
  await loginForm(page).waitFor();
  expect(pathOf(page)).toBe('/admin/utenti');
  expect(await page.getByText('Errore nel caricamento degli utenti').count()).toBe(0);
  await context.close();
});
