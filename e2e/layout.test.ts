import type { Page } from 'playwright-core';
import { expect, test } from 'vitest';
import { registeredUser } from '../test/support/api-client.ts';
import { TEST_ADMIN } from '../test/support/test-server.ts';
import { DESKTOP, type Device, loginThroughUi, PHONE, pathOf } from './support/browser.ts';
import { setUpE2eApp } from './support/e2e-app.ts';

const { server, newPhone, newDesktop, newPage } = setUpE2eApp();

async function loggedIn(device: Device) {
  const user = await registeredUser(server.url);
  const { context, page } = await newPage(device);
  await loginThroughUi(page, user);
  await page.getByRole('heading', { name: `Ciao, ${user.nickname}!` }).waitFor();
  return { context, page, user };
}

const tabBar = (page: Page) => page.getByRole('navigation', { name: 'Navigazione principale' });
const headerLogo = (page: Page) => page.getByRole('banner').getByLabel('Scambio Figurine');

test('on a phone the tab bar shows Home, Match, Album, Profilo in this order and each tab navigates', async () => {
  const { context, page, user } = await loggedIn(PHONE);
  const nav = tabBar(page);
  await expect.poll(() => nav.isVisible()).toBe(true);
  const labels = await nav.getByRole('button').allInnerTexts();
  expect(labels.map((label) => label.replace(/[^\p{L}]/gu, ''))).toEqual([
    'Home',
    'Match',
    'Album',
    'Profilo',
  ]);

  const steps: [string, string, string][] = [
    ['Match', '/match', 'Trova Match'],
    ['Album', '/album', 'Album'],
    ['Profilo', '/profile', 'Profilo'],
    ['Home', '/', `Ciao, ${user.nickname}!`],
  ];
  for (const [tab, path, heading] of steps) {
    await nav.getByRole('button', { name: tab, exact: true }).click();
    await page.waitForURL((url) => url.pathname === path);
    await page.getByRole('heading', { name: heading, exact: true }).waitFor();
    expect(await nav.getByRole('button', { name: tab, exact: true }).getAttribute('aria-current')).toBe(
      'page',
    );
    expect(await nav.locator('[aria-current="page"]').count(), `one active tab on ${path}`).toBe(1);
    await expect.poll(() => nav.isVisible()).toBe(true);
  }
  await context.close();
});

test('on a desktop the tab bar is hidden', async () => {
  const { context, page } = await loggedIn(DESKTOP);
  expect(await tabBar(page).isVisible()).toBe(false);
  await page.goto('/profile');
  await page.getByRole('heading', { name: 'Profilo', exact: true }).waitFor();
  expect(await tabBar(page).isVisible()).toBe(false);
  await context.close();
});

test('the tab bar shows under 768 px and not from 768 px', async () => {
  const { context, page } = await loggedIn({ viewport: { width: 767, height: 800 } });
  await expect.poll(() => tabBar(page).isVisible()).toBe(true);
  await page.setViewportSize({ width: 768, height: 800 });
  await expect.poll(() => tabBar(page).isVisible()).toBe(false);
  await context.close();
});

test('the tab bar never shows on /login or /admin', async () => {
  const { context, page } = await newPhone();
  await page.goto('/login');
  await page.getByRole('button', { name: 'Accedi' }).waitFor();
  expect(await tabBar(page).count()).toBe(0);
  await page.getByRole('button', { name: 'Crea un account' }).click();
  await page.getByRole('button', { name: 'Registrati' }).waitFor();
  expect(await tabBar(page).count()).toBe(0);
  await page.goto('/admin');
  await page.getByRole('heading', { name: 'Serve un computer' }).waitFor();
  expect(await tabBar(page).count()).toBe(0);
  await context.close();
});

test('the header logo shows on Home and the other screens but not on /album', async () => {
  const { context, page } = await loggedIn(PHONE);
  await expect.poll(() => headerLogo(page).isVisible()).toBe(true);
  expect(await headerLogo(page).textContent()).toContain('Scambio Figurine');

  await tabBar(page).getByRole('button', { name: 'Album', exact: true }).click();
  await page.getByRole('heading', { name: 'Album', exact: true }).waitFor();
  expect(await page.getByRole('banner').count()).toBe(0);
  expect(await page.getByLabel('Scambio Figurine').count()).toBe(0);

  for (const [path, heading] of [
    ['/match', 'Trova Match'],
    ['/profile', 'Profilo'],
  ] as const) {
    await page.goto(path);
    await page.getByRole('heading', { name: heading, exact: true }).waitFor();
    expect(await headerLogo(page).isVisible(), `logo on ${path}`).toBe(true);
  }
  await context.close();
});

test("/admin on a phone shows 'Serve un computer' and nothing of the panel", async () => {
  const { context, page } = await loggedIn(PHONE);
  await page.goto('/admin');
  await page.getByRole('heading', { name: 'Serve un computer' }).waitFor();
  expect(
    await page.getByText('Il pannello admin è accessibile solo da desktop.', { exact: true }).isVisible(),
  ).toBe(true);
  expect(await page.getByText('Pannello di amministrazione').count()).toBe(0);
  expect(pathOf(page)).toBe('/admin');
  await context.close();
});

test("/admin on a desktop shows the panel, not 'Serve un computer'", async () => {
  const { context, page } = await newDesktop();
  await page.goto('/admin');
  await page.getByRole('heading', { name: 'Pannello di amministrazione' }).waitFor();
  expect(await page.getByText('Serve un computer').count()).toBe(0);
  expect(await page.getByText('Il pannello admin è accessibile solo da desktop.').count()).toBe(0);
  // A stranger is told to log in as an administrator; the administrator is welcomed.
  await expect
    .poll(() => page.getByText('Questa area è riservata agli amministratori.').isVisible())
    .toBe(true);

  await loginThroughUi(page, TEST_ADMIN);
  await page.goto('/admin');
  await page.getByText(`Benvenuto, ${TEST_ADMIN.nickname}.`).waitFor();
  expect(await page.getByText('Serve un computer').count()).toBe(0);
  await context.close();
});
