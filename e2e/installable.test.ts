import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Page } from 'playwright-core';
import { expect, test } from 'vitest';
import { chromiumLaunchOptions, PHONE } from './support/browser.ts';
import { setUpE2eApp } from './support/e2e-app.ts';

const { server, newPhone } = setUpE2eApp();

/**
 * Resolves when a service worker controls the page: the app registers it once the first screen has settled
 * (load, 3 s, idle) and it takes the page once its install has stored the whole shell (clientsClaim).
 * Awaited as the event it is, within the test's time: on a loaded machine the two together took 8–12 s,
 * past the page's 10 s a poll had (r56 failed there). An install that fails (a file of the precache list
 * missing) never takes the page: the test then fails at its own timeout.
 */
const controlled = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        if (navigator.serviceWorker.controller) resolve();
        else navigator.serviceWorker.addEventListener('controllerchange', () => resolve(), { once: true });
      }),
  );

/**
 * A phone that has visited /login once and let the service worker install (precache complete) and take
 * the page, then reloaded: from now on the page is in the service worker's hands.
 */
async function phoneAfterOneVisit() {
  const { context, page } = await newPhone(server, { serviceWorkers: 'allow' });
  await page.goto('/login');
  await controlled(page);
  await page.reload();
  await page.getByRole('button', { name: 'Accedi' }).waitFor();
  return { context, page };
}

/** Width and height of a PNG, from its IHDR chunk. */
const pngSize = (png: Buffer) => ({ width: png.readUInt32BE(16), height: png.readUInt32BE(20) });

test('index.html links the web app manifest, served with its type, the app’s name, colours and icons', async () => {
  const html = await (await fetch(`${server.url}/login`)).text();
  expect(html).toContain('<link rel="manifest" href="/manifest.webmanifest">');

  const response = await fetch(`${server.url}/manifest.webmanifest`);
  expect(response.headers.get('content-type')).toMatch(/^application\/manifest\+json/);
  const manifest = await response.json();
  expect(manifest).toMatchObject({
    name: 'Scambio Figurine',
    short_name: 'Figurine',
    lang: 'it',
    theme_color: '#4c6ef5',
    background_color: '#ffffff',
    display: 'standalone',
    start_url: '/',
    scope: '/',
  });
  expect(html).toContain(`<meta name="description" content="${manifest.description}" />`);
  expect(html).toContain(`<meta name="theme-color" content="${manifest.theme_color}" />`);

  const icons: { src: string; sizes: string; type: string; purpose: string }[] = manifest.icons;
  expect(icons.map(({ sizes, purpose }) => `${sizes} ${purpose}`)).toEqual([
    '192x192 any',
    '512x512 any',
    '512x512 maskable',
  ]);
  for (const icon of icons) {
    const image = await fetch(`${server.url}${icon.src}`);
    expect(image.headers.get('content-type')).toBe('image/png');
    const { width, height } = pngSize(Buffer.from(await image.arrayBuffer()));
    expect(`${width}x${height}`).toBe(icon.sizes);
  }
});

test('the service worker controls the page after a reload', async () => {
  const { context, page } = await phoneAfterOneVisit();
  const controller = await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL);
  expect(controller).toBe(`${server.url}/sw.js`);
  await context.close();
});

test('Chromium calls the app installable', async () => {
  // Playwright's browser contexts are incognito ones, which Chromium never offers to install: a profile.
  const profile = await fs.mkdtemp(path.join(os.tmpdir(), 'scambio-profile-'));
  const context = await chromium.launchPersistentContext(profile, {
    // What the browser calls installable: the full build's, as a collector's phone has it.
    ...chromiumLaunchOptions('full'),
    ...PHONE,
    baseURL: server.url,
  });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    await page.goto('/login');
    await controlled(page);
    const cdp = await context.newCDPSession(page);
    const manifest = await cdp.send('Page.getAppManifest');
    expect(manifest.url).toBe(`${server.url}/manifest.webmanifest`);
    expect(manifest.errors).toEqual([]);
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
    expect(installabilityErrors).toEqual([]);
  } finally {
    await context.close();
    await fs.rm(profile, { recursive: true, force: true });
  }
});

test('the precache holds the shell: no compressed copy, no API answer, nothing of the admin panel', async () => {
  const { context, page } = await phoneAfterOneVisit();
  const cached = await page.evaluate(async () => {
    const paths: string[] = [];
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      paths.push(...(await cache.keys()).map((request) => new URL(request.url).pathname));
    }
    return paths;
  });
  expect(cached).toEqual(expect.arrayContaining(['/index.html', '/manifest.webmanifest', '/favicon.svg']));
  expect(cached.some((path) => /^\/assets\/framework-.*\.js$/.test(path))).toBe(true);
  expect(cached.some((path) => /^\/assets\/.*\.css$/.test(path))).toBe(true);
  expect(cached.filter((path) => /\.(br|gz)$|^\/(api|trpc)\/|^\/assets\/admin-/.test(path))).toEqual([]);
  await context.close();
});

test('after one visit, /login opens without a network, from the precache', async () => {
  const { context, page } = await phoneAfterOneVisit();
  await context.setOffline(true);
  const response = await page.reload();
  expect(response?.fromServiceWorker()).toBe(true);
  await page.getByRole('button', { name: 'Accedi' }).waitFor();
  await page.getByLabel('Nickname').waitFor();
  await context.close();
});

test('the API is never answered with the app shell, even when the service worker is in charge', async () => {
  const { context, page } = await phoneAfterOneVisit();
  const openapi = await page.goto('/api/openapi.json');
  expect(openapi?.fromServiceWorker()).toBe(false);
  expect(openapi?.headers()['content-type']).toMatch(/^application\/json/);

  await page.goto('/login');
  const missing = await page.evaluate(async () => {
    const response = await fetch('/trpc/nessuna.procedura');
    return { status: response.status, type: response.headers.get('content-type') };
  });
  expect(missing.status).toBe(404);
  expect(missing.type).toMatch(/^application\/json/);
  await context.close();
});
