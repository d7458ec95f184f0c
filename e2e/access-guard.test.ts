import type { Page } from 'playwright-core';
import { expect, test } from 'vitest';
import { registeredUser } from '../test/support/api-client.ts';
import { holdTrpcCalls, loginThroughUi, pathOf } from './support/browser.ts';
import { setUpE2eApp } from './support/e2e-app.ts';

const { server, newPhone } = setUpE2eApp();

const onPath = (path: string) => (url: URL) => url.pathname === path;

/** A browser context on a phone, logged in as a fresh collector. */
async function loggedInPhone() {
  const user = await registeredUser(server.url);
  const { context, page } = await newPhone();
  await loginThroughUi(page, user);
  return { context, page, user };
}

async function expectLoginScreen(page: Page) {
  await page.waitForURL(onPath('/login'));
  await page.getByRole('button', { name: 'Accedi' }).waitFor();
  await expect.poll(() => page.getByLabel('Nickname').isVisible()).toBe(true);
}

test('a stranger is sent to /login from every user path and from unknown ones', async () => {
  const { context, page } = await newPhone();
  for (const path of [
    '/',
    '/dashboard',
    '/profile',
    '/match',
    '/album',
    '/chat/1',
    '/qualcosa',
    '/chat/1/extra',
  ]) {
    await page.goto(path);
    await expectLoginScreen(page);
    expect(pathOf(page), `from ${path}`).toBe('/login');
  }
  await context.close();
});

test("while asking who is here the guard shows 'Caricamento...' and decides only after the answer", async () => {
  const { context, page } = await newPhone();
  const me = await holdTrpcCalls(page, 'auth.session');
  try {
    await page.goto('/profile');
    const loader = page.getByRole('status').filter({ hasText: 'Caricamento...' });
    await loader.waitFor();
    expect(me.held).toBe(1);
    expect(pathOf(page)).toBe('/profile');
    expect(await page.getByRole('button', { name: 'Accedi' }).count()).toBe(0);
  } finally {
    me.release();
  }
  await expectLoginScreen(page);
  expect(await page.getByText('Caricamento...').count()).toBe(0);
  await context.close();
});

test('/admin is not guarded: a stranger stays there and sees the admin screen', async () => {
  const { context, page } = await newPhone();
  for (const path of ['/admin', '/admin/utenti']) {
    await page.goto(path);
    await page.getByRole('heading', { name: 'Serve un computer' }).waitFor();
    expect(pathOf(page), `on ${path}`).toBe(path);
    expect(await page.getByLabel('Nickname').count()).toBe(0);
  }
  await context.close();
});

test('a logged-in collector visiting /login or an unknown path is sent to Home', async () => {
  const { context, page, user } = await loggedInPhone();
  for (const path of ['/login', '/qualcosa', '/albumx', '/profile/extra']) {
    await page.goto(path);
    await page.waitForURL(onPath('/'));
    await page.getByRole('heading', { name: `Ciao, ${user.nickname}!` }).waitFor();
    expect(pathOf(page), `from ${path}`).toBe('/');
  }
  await context.close();
});

test('a logged-in collector stays on every known user path', async () => {
  const { context, page, user } = await loggedInPhone();
  const screens: [string, string][] = [
    ['/dashboard', `Ciao, ${user.nickname}!`],
    ['/album', 'Album'],
    ['/match', 'Trova Match'],
    ['/profile', 'Profilo'],
    ['/chat/1', 'Chat'],
  ];
  for (const [path, heading] of screens) {
    await page.goto(path);
    await page.getByRole('heading', { name: heading, exact: true }).waitFor();
    expect(pathOf(page), `on ${path}`).toBe(path);
  }
  await context.close();
});

test("a path the guard lets through but no route matches shows 'Page Not Found'", async () => {
  const { context, page, user } = await loggedInPhone();
  for (const path of ['/chat/1/extra', '/chat']) {
    await page.goto(path);
    await page.getByText('Page Not Found', { exact: true }).waitFor();
    expect(pathOf(page), `on ${path}`).toBe(path);
  }
  await page.getByRole('link', { name: 'Torna alla Home' }).click();
  await page.waitForURL(onPath('/'));
  // Home is a chunk of its own: the 404 stays until it has arrived.
  await page.getByRole('heading', { name: `Ciao, ${user.nickname}!` }).waitFor();
  expect(await page.getByText('Page Not Found').count()).toBe(0);
  await context.close();
});
