import type { Page } from 'playwright-core';
import { beforeAll, expect, test } from 'vitest';
import { registeredUser } from '../test/support/api-client.ts';
import { createAlbum, type TestAlbum } from '../test/support/catalogue.ts';
import { setUpAdmin } from './support/admin-login.ts';
import { setUpE2eApp } from './support/e2e-app.ts';

const app = setUpE2eApp();
const { server, newPhone, phoneOf } = app;
const { adminDesktop } = setUpAdmin(app);
let album: TestAlbum;
beforeAll(async () => {
  album = await createAlbum(server.databaseUrl, { name: 'Pacchetti', stickers: 3 });
});

/**
 * The file names of the scripts the page asks for from now on, however asked (script, import(),
 * modulepreload); chunks are named after their module.
 */
function scriptsRequested(page: Page) {
  const names: string[] = [];
  page.on('request', (request) => {
    const name = new URL(request.url()).pathname.split('/').pop() ?? '';
    if (name.endsWith('.js')) names.push(name);
  });
  return names;
}

const isAdminChunk = (name: string) => name.startsWith('admin-');
const SCREEN_CHUNKS = [
  'home-screen',
  'album-page',
  'opened-album-page',
  'match-page',
  'profile-screen',
  'chat-page',
];
const isScreenChunk = (name: string) => SCREEN_CHUNKS.some((screen) => name.startsWith(`${screen}-`));

test('a stranger on /login downloads no screen of the app and nothing of the admin panel', async () => {
  const { context, page } = await newPhone();
  const scripts = scriptsRequested(page);
  await page.goto('/login');
  await page.getByRole('button', { name: 'Accedi' }).waitFor();
  await page.waitForLoadState('networkidle');

  expect(scripts.length).toBeGreaterThan(0);
  expect(scripts.filter((name) => isScreenChunk(name) || isAdminChunk(name))).toEqual([]);
  await context.close();
});

test("a collector going through every screen never downloads the admin panel's code", async () => {
  const user = await registeredUser(server.url);
  const { context, page } = await phoneOf(user);
  const scripts = scriptsRequested(page);
  await page.goto('/');
  await page.getByRole('heading', { name: `Ciao, ${user.nickname}!` }).waitFor();
  const tab = (label: string) =>
    page.getByRole('navigation', { name: 'Navigazione principale' }).getByRole('button', { name: label });
  await tab('Album').click();
  await page.getByRole('button', { name: album.name }).click();
  await page.getByRole('heading', { name: album.name, exact: true }).waitFor();
  await tab('Match').click();
  await page.getByRole('heading', { name: 'Trova Match' }).waitFor();
  await tab('Profilo').click();
  await page.getByRole('heading', { name: 'Profilo', exact: true }).waitFor();
  await page.waitForLoadState('networkidle');

  for (const screen of ['home-screen', 'album-page', 'opened-album-page', 'match-page', 'profile-screen']) {
    expect(
      scripts.some((name) => name.startsWith(`${screen}-`)),
      screen,
    ).toBe(true);
  }
  expect(scripts.filter(isAdminChunk)).toEqual([]);
  await context.close();
});

test("the toasts' code is no part of the first download: it comes once the page settles, or with an album", async () => {
  const html = await (await fetch(`${server.url}/album/${album.id}`)).text();
  const isToastChunk = (name: string) => name.startsWith('toast-host-');
  expect(html).toContain('modulepreload');
  expect(html).not.toContain('toast-host-');

  // Fetched ahead of need: a phone that loses its signal afterwards still shows its toasts.
  const stranger = await newPhone();
  const strangerScripts = scriptsRequested(stranger.page);
  await stranger.page.goto('/login');
  await expect.poll(() => strangerScripts.filter(isToastChunk), { timeout: 15_000 }).toHaveLength(1);
  await stranger.context.close();

  const user = await registeredUser(server.url);
  const { context, page } = await phoneOf(user);
  const scripts = scriptsRequested(page);
  await page.goto(`/album/${album.id}`);
  await page.getByRole('heading', { name: album.name, exact: true }).waitFor();
  await expect.poll(() => scripts.filter(isToastChunk)).toHaveLength(1);

  const first = page
    .getByRole('list', { name: 'Figurine' })
    .getByRole('listitem')
    .filter({ has: page.getByText('001', { exact: true }) });
  await first.getByRole('button', { name: 'Posseduta', exact: true }).click();
  // The first toast shows, although its host was mounted only when it was asked for.
  await page.getByRole('alert').filter({ hasText: '#001: Posseduta' }).waitFor();
  await context.close();
});

test('the admin panel comes in chunks of its own, fetched on /admin', async () => {
  const { context, page } = await adminDesktop();
  const scripts = scriptsRequested(page);
  await page.goto('/admin');
  await page.getByRole('navigation', { name: 'Sezioni amministrazione' }).waitFor();
  await page.goto('/admin/album');
  await page.getByRole('heading', { name: 'Gestione Album', exact: true }).waitFor();

  expect(scripts.some((name) => name.startsWith('admin-page-'))).toBe(true);
  expect(scripts.some((name) => name.startsWith('admin-albums-section-'))).toBe(true);
  await context.close();
});

test('index.html paints the logo and a skeleton before any script or stylesheet, and React replaces them', async () => {
  const html = await (await fetch(`${server.url}/login`)).text();
  const body = html.slice(html.indexOf('<body>'));
  const skeleton = body.indexOf('<div id="boot" role="status" aria-label="Caricamento">');
  const stylesheet = body.indexOf('<link rel="stylesheet"');
  const root = body.indexOf('<div id="root">');
  expect(skeleton).toBeGreaterThan(0);
  // The skeleton does not wait for the stylesheet; the app renders after it.
  expect(stylesheet).toBeGreaterThan(skeleton);
  expect(root).toBeGreaterThan(stylesheet);
  expect(html.slice(0, html.indexOf('<body>'))).not.toContain('rel="stylesheet"');
  expect(body.slice(skeleton, stylesheet)).toContain('<svg');
  expect(body.slice(skeleton, stylesheet)).toContain('Scambio Figurine');
  // The app's scripts never compete with the skeleton's first paint.
  const scriptTags = html.match(/<(script type="module"|link rel="modulepreload")[^>]*>/g) ?? [];
  expect(scriptTags.length).toBeGreaterThan(1);
  for (const tag of scriptTags) expect(tag).toContain('fetchpriority="low"');

  const blocked = await newPhone();
  await blocked.page.route('**/*.{js,css}', (route) => route.abort());
  await blocked.page.goto('/login');
  await expect.poll(() => blocked.page.getByRole('status', { name: 'Caricamento' }).isVisible()).toBe(true);
  await expect.poll(() => blocked.page.getByText('Scambio Figurine').isVisible()).toBe(true);
  await blocked.context.close();

  const { context, page } = await newPhone();
  await page.goto('/login');
  const login = page.getByRole('button', { name: 'Accedi' });
  await login.waitFor();
  expect(await page.getByRole('status', { name: 'Caricamento' }).count()).toBe(0);
  expect(await page.locator('#boot').count()).toBe(0);
  // The theme wins over Mantine's stylesheet defaults: indigo 7 buttons (#4263eb), not Mantine's blue.
  expect(await login.evaluate((button) => getComputedStyle(button).backgroundColor)).toBe('rgb(66, 99, 235)');
  await context.close();
});

test("the guard's first question is the one index.html preloads: auth.session is asked once", async () => {
  const { context, page } = await newPhone();
  const sessionCalls: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/trpc/auth.session')) sessionCalls.push(request.url());
  });
  await page.goto('/login');
  await page.getByRole('button', { name: 'Accedi' }).waitFor();
  expect(sessionCalls).toHaveLength(1);
  await context.close();
});
