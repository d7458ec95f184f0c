import type { Locator, Page } from 'playwright-core';
import { expect, test } from 'vitest';
import { registeredUser } from '../test/support/api-client.ts';
import { createAlbum } from '../test/support/catalogue.ts';
import { TEST_ADMIN } from '../test/support/test-server.ts';
import { setUpAdmin } from './support/admin-login.ts';
import { DESKTOP, pathOf } from './support/browser.ts';
import { setUpE2eApp } from './support/e2e-app.ts';

const app = setUpE2eApp();
const { server, newPhone, newDesktop, phoneOf, desktopOf } = app;
const { adminDesktop } = setUpAdmin(app);

type Collector = Awaited<ReturnType<typeof registeredUser>>;

/** A phone on which `user` (a fresh collector unless given) is logged in by cookie, on Home. */
async function phoneOnHome(user?: Collector) {
  const collector = user ?? (await registeredUser(server.url));
  const { context, page } = await phoneOf(collector);
  await page.goto('/');
  await page.getByRole('heading', { name: `Ciao, ${collector.nickname}!` }).waitFor();
  return { context, page, user: collector };
}

const tabBar = (page: Page) => page.getByRole('navigation', { name: 'Navigazione principale' });
const headerLogo = (page: Page) => page.getByRole('banner').getByLabel('Scambio Figurine');

test('on a phone the tab bar shows Home, Match, Album, Profilo in this order and each tab navigates', async () => {
  const { context, page, user } = await phoneOnHome();
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

test('the tab bar shows under 768 px and not from 768 px, and is hidden on a desktop, on Home and Profilo', async () => {
  const user = await registeredUser(server.url);
  const { context, page } = await desktopOf(user);
  const home = page.getByRole('heading', { name: `Ciao, ${user.nickname}!` });
  // Opened in a window 767 px wide, then widened by one pixel.
  await page.setViewportSize({ width: 767, height: 800 });
  await page.goto('/');
  await home.waitFor();
  await expect.poll(() => tabBar(page).isVisible()).toBe(true);
  await page.setViewportSize({ width: 768, height: 800 });
  await expect.poll(() => tabBar(page).isVisible()).toBe(false);

  // Opened again on the desktop's 1280×800.
  await page.setViewportSize(DESKTOP.viewport);
  await page.reload();
  await home.waitFor();
  expect(await tabBar(page).isVisible()).toBe(false);
  await page.goto('/profile');
  await page.getByRole('heading', { name: 'Profilo', exact: true }).waitFor();
  expect(await tabBar(page).isVisible()).toBe(false);
  await context.close();
});

test("on a phone: the header logo shows on Home and the other screens but not on /album, /admin shows 'Serve un computer' and nothing of the panel, the match screen's 'Cambia' (the album searched in) is 44×44 px", async () => {
  const album = await createAlbum(server.databaseUrl, { stickers: 5 });
  const user = await registeredUser(server.url);
  await user.api.put('/api/user/profile', {
    nickname: user.nickname,
    cap: user.cap,
    albumSelezionato: album.id,
  });
  const { context, page } = await phoneOnHome(user);
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

  await page.goto('/admin');
  await page.getByRole('heading', { name: 'Serve un computer' }).waitFor();
  expect(
    await page.getByText('Il pannello admin è accessibile solo da desktop.', { exact: true }).isVisible(),
  ).toBe(true);
  expect(await page.getByText('Pannello di amministrazione').count()).toBe(0);
  expect(pathOf(page)).toBe('/admin');

  await page.goto('/match');
  await expectTappable(page.getByRole('link', { name: 'Cambia album' }), "'Cambia'");
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
  await context.close();

  const admin = await adminDesktop();
  await admin.page.goto('/admin');
  await admin.page.getByText(`Ciao, ${TEST_ADMIN.nickname}.`).waitFor();
  expect(await admin.page.getByText('Serve un computer').count()).toBe(0);
  await admin.context.close();
});

// What a finger taps and what a phone zooms into.

/** Apple's guideline and WCAG 2.5.5: a thumb needs 44×44 px. */
const TAP = 44;

/** The size Chromium draws a control at, on the 390×844 phone. */
async function sizeOf(target: Locator) {
  await target.waitFor();
  const box = await target.boundingBox();
  if (!box) throw new Error('not drawn');
  return { width: box.width, height: box.height };
}

async function expectTappable(target: Locator, what: string) {
  const { width, height } = await sizeOf(target);
  expect(width, `${what}: width`).toBeGreaterThanOrEqual(TAP);
  expect(height, `${what}: height`).toBeGreaterThanOrEqual(TAP);
}

/** The text size of every input on the screen, by label: iOS zooms into any under 16 px. */
function inputFontSizes(page: Page) {
  return page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('input:not([type=hidden]), textarea, select')]
      .filter((input) => input.getClientRects().length > 0)
      .map((input) => {
        const label = input.id
          ? document.querySelector(`label[for="${input.id}"]`)?.textContent?.replace(/\s*\*$/, '')
          : undefined;
        return {
          input: label ?? input.getAttribute('aria-label') ?? input.outerHTML.slice(0, 60),
          size: parseFloat(getComputedStyle(input).fontSize),
        };
      }),
  );
}

async function expectReadableInputs(page: Page, expected: string[]) {
  const sizes = await inputFontSizes(page);
  expect(sizes.map((entry) => entry.input)).toEqual(expect.arrayContaining(expected));
  for (const { input, size } of sizes) expect(size, `${input}: font size`).toBeGreaterThanOrEqual(16);
}

/** Whether the placeholder's text fits in the input's text area, in the font the input draws it with. */
const placeholderFits = (input: Locator) =>
  input.evaluate((element: HTMLInputElement) => {
    const style = getComputedStyle(element, '::placeholder');
    const context = document.createElement('canvas').getContext('2d') as CanvasRenderingContext2D;
    context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
    const room = element.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
    return { text: element.placeholder, width: context.measureText(element.placeholder).width, room };
  });

const eyes = (page: Page) => page.getByRole('button', { name: 'Mostra o nascondi la password' });

test("the login screen and /admin on a phone show no tab bar; the login screen's password eye and links are 44×44 px, its inputs 16 px", async () => {
  const { context, page } = await newPhone();
  await page.goto('/login');
  await page.getByRole('button', { name: 'Accedi' }).waitFor();
  expect(await tabBar(page).count()).toBe(0);
  await expectTappable(eyes(page), 'password eye');
  await expectTappable(page.getByRole('button', { name: 'Crea un account' }), "'Crea un account'");
  await expectTappable(page.getByRole('button', { name: 'Accedi' }), "'Accedi'");
  await expectReadableInputs(page, ['Nickname', 'Password']);

  await page.getByRole('button', { name: 'Crea un account' }).click();
  await page.getByRole('button', { name: 'Registrati' }).waitFor();
  expect(await tabBar(page).count()).toBe(0);
  await expectTappable(page.getByRole('button', { name: 'Entra con il tuo nickname' }), "'Entra con…'");
  await expectTappable(eyes(page), 'password eye');
  await expectReadableInputs(page, ['Mese di nascita', 'Anno di nascita', 'Nickname', 'Password', 'CAP']);
  const nickname = await placeholderFits(page.getByLabel('Nickname'));
  expect(nickname.width, `'${nickname.text}' in ${nickname.room} px`).toBeLessThanOrEqual(nickname.room);

  await page.goto('/admin');
  await page.getByRole('heading', { name: 'Serve un computer' }).waitFor();
  expect(await tabBar(page).count()).toBe(0);
  await context.close();
});

test('the profile: each password eye is 44×44 px, every input 16 px, the report form too', async () => {
  const { context, page } = await phoneOf(await registeredUser(server.url));
  await page.goto('/profile');
  await page.getByRole('heading', { name: 'Profilo', exact: true }).waitFor();

  await page.getByRole('button', { name: 'Account', exact: true }).click();
  await page.getByLabel('CAP').waitFor();
  await expectReadableInputs(page, ['Album per i match', 'Nickname', 'CAP']);
  const nickname = page.getByLabel('Nickname');
  await nickname.fill('');
  const placeholder = await placeholderFits(nickname);
  expect(placeholder.width, `'${placeholder.text}' in ${placeholder.room} px`).toBeLessThanOrEqual(
    placeholder.room,
  );

  await page.getByRole('button', { name: 'Password', exact: true }).click();
  await page.getByLabel('Conferma nuova password').waitFor();
  await expect.poll(() => eyes(page).count()).toBe(3);
  for (const eye of await eyes(page).all()) await expectTappable(eye, 'password eye');
  await expectReadableInputs(page, ['Password attuale', 'Nuova password', 'Conferma nuova password']);

  await page.getByRole('button', { name: 'Segnala un problema' }).click();
  await page.getByRole('dialog', { name: 'Segnala un problema' }).waitFor();
  await expectReadableInputs(page, ['Descrizione']);
  await context.close();
});
