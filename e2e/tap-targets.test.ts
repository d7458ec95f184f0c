import type { Locator, Page } from 'playwright-core';
import { expect, test } from 'vitest';
import { registeredUser } from '../test/support/api-client.ts';
import { createAlbum } from '../test/support/catalogue.ts';
import { loginThroughUi } from './support/browser.ts';
import { setUpE2eApp } from './support/e2e-app.ts';

const { server, newPhone } = setUpE2eApp();

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

test('the login screen: the password eye and the links are 44×44 px, its inputs 16 px', async () => {
  const { context, page } = await newPhone();
  await page.goto('/login');
  await page.getByRole('button', { name: 'Accedi' }).waitFor();
  await expectTappable(eyes(page), 'password eye');
  await expectTappable(page.getByRole('button', { name: 'Crea un account' }), "'Crea un account'");
  await expectTappable(page.getByRole('button', { name: 'Accedi' }), "'Accedi'");
  await expectReadableInputs(page, ['Nickname', 'Password']);

  await page.getByRole('button', { name: 'Crea un account' }).click();
  await page.getByRole('button', { name: 'Registrati' }).waitFor();
  await expectTappable(page.getByRole('button', { name: 'Entra con il tuo nickname' }), "'Entra con…'");
  await expectTappable(eyes(page), 'password eye');
  await expectReadableInputs(page, ['Nickname', 'Password', 'CAP']);
  const nickname = await placeholderFits(page.getByLabel('Nickname'));
  expect(nickname.width, `'${nickname.text}' in ${nickname.room} px`).toBeLessThanOrEqual(nickname.room);
  await context.close();
});

test('the profile: each password eye is 44×44 px, every input 16 px, the report form too', async () => {
  const user = await registeredUser(server.url);
  const { context, page } = await newPhone();
  await loginThroughUi(page, user);
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

test("the match screen's 'Cambia' (the album searched in) is 44×44 px", async () => {
  const album = await createAlbum(server.databaseUrl, { stickers: 5 });
  const user = await registeredUser(server.url);
  await user.api.put('/api/user/profile', {
    nickname: user.nickname,
    cap: user.cap,
    albumSelezionato: album.id,
  });
  const { context, page } = await newPhone();
  await loginThroughUi(page, user);
  await page.goto('/match');
  await expectTappable(page.getByRole('link', { name: 'Cambia album' }), "'Cambia'");
  await context.close();
});
