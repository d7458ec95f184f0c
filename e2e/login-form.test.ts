import type { Locator, Page } from 'playwright-core';
import { expect, test } from 'vitest';
import { apiClient, registeredUser, uniqueNickname } from '../test/support/api-client.ts';
import { sql } from '../test/support/sql.ts';
import {
  chooseBirthMonth,
  holdTrpcCalls,
  pathOf,
  recordTrpcCalls,
  registerThroughUi,
  toast,
} from './support/browser.ts';
import { setUpE2eApp } from './support/e2e-app.ts';

const { server, newPhone, phoneOf } = setUpE2eApp();

async function loginScreen() {
  const { context, page } = await newPhone();
  await page.goto('/login');
  await page.getByRole('button', { name: 'Accedi' }).waitFor();
  return { context, page };
}

const fields = (page: Page) => ({
  nickname: page.getByLabel('Nickname'),
  password: page.getByLabel('Password', { exact: true }),
  cap: page.getByLabel('CAP'),
  birthMonth: page.getByLabel('Mese di nascita'),
  birthYear: page.getByLabel('Anno di nascita'),
});

async function switchToRegister(page: Page) {
  await page.getByRole('button', { name: 'Crea un account' }).click();
  await page.getByRole('button', { name: 'Registrati' }).waitFor();
}

/**
 * The error a field shows under itself (Mantine links it with aria-describedby), or null; `below` says
 * it is drawn under the input, not elsewhere on the screen.
 */
async function errorUnder(field: Locator) {
  return field.evaluate((input) => {
    const ids = (input.getAttribute('aria-describedby') ?? '').split(/\s+/);
    const error = ids.map((id) => document.getElementById(id)).find((node) => node?.id.endsWith('-error'));
    if (!error?.textContent) return null;
    const below = error.getBoundingClientRect().top >= input.getBoundingClientRect().bottom;
    return below ? error.textContent : `not under the field: ${error.textContent}`;
  });
}

/** The text under a field that describes it before anything goes wrong (Mantine's description). */
const descriptionOf = (field: Locator) =>
  field.evaluate((input) => {
    const ids = (input.getAttribute('aria-describedby') ?? '').split(/\s+/);
    return ids.map((id) => document.getElementById(id)).find((node) => node?.id.endsWith('-description'))
      ?.textContent;
  });

test("the login screen: what the app does in three steps; the nickname field keeps only uppercase letters and digits, at most 8; empty fields are said under each and nothing is sent; the CAP field and 'Registrati' only in register mode, which states the nickname and 6-character password rules", async () => {
  const { context, page } = await loginScreen();
  const steps = page.getByRole('list', { name: 'Come funziona' }).getByRole('listitem');
  await steps.first().waitFor();
  expect(await steps.allTextContents()).toEqual([
    '1Segna le figurine che hai, le doppie e quelle che ti mancano',
    '2Trova chi vicino a te ha le doppie che ti mancano',
    '3Proponi lo scambio e mettetevi d’accordo in chat',
  ]);

  // The nickname field keeps only uppercase letters and digits, at most 8.
  const { nickname, password, cap } = fields(page);
  expect(await nickname.getAttribute('placeholder')).toBe('Es. MARIO99');
  await nickname.pressSequentially('ab-c d!efghijk');
  expect(await nickname.inputValue()).toBe('ABCDEFGH');
  await nickname.fill('mario.rossi_99');
  expect(await nickname.inputValue()).toBe('MARIOROS');

  // Logging in with empty fields says what is missing under each field and sends nothing.
  const calls = recordTrpcCalls(page);
  await nickname.fill('');
  await page.getByRole('button', { name: 'Accedi' }).click();
  await expect.poll(() => errorUnder(nickname)).toBe('Il nickname è obbligatorio');
  expect(await errorUnder(password)).toBe('La password è obbligatoria');
  expect(calls).not.toContain('auth.login');

  // The CAP field is only in register mode and the submit label follows the mode.
  await expect
    .poll(() => page.getByRole('heading', { name: 'Accedi al tuo account' }).isVisible())
    .toBe(true);
  expect(await cap.count()).toBe(0);
  expect(await page.getByRole('button', { name: 'Registrati' }).count()).toBe(0);

  await switchToRegister(page);
  await expect.poll(() => cap.isVisible()).toBe(true);
  await expect.poll(() => page.getByRole('heading', { name: 'Crea il tuo account' }).isVisible()).toBe(true);
  expect(await page.getByRole('button', { name: 'Accedi' }).count()).toBe(0);

  await page.getByRole('button', { name: 'Entra con il tuo nickname' }).click();
  await page.getByRole('button', { name: 'Accedi' }).waitFor();
  expect(await cap.count()).toBe(0);
  expect(await page.getByRole('button', { name: 'Registrati' }).count()).toBe(0);

  // Registration states the nickname rule and the 6-character password rule before anything is sent;
  // logging in needs no rules: the collector has a nickname and a password already.
  expect(await descriptionOf(nickname)).toBeUndefined();
  expect(await descriptionOf(password)).toBeUndefined();
  await switchToRegister(page);
  await expect.poll(() => descriptionOf(nickname)).toBe('MAX 8 CARATTERI - SOLO LETTERE E NUMERI');
  expect(await descriptionOf(password)).toBe('Almeno 6 caratteri');
  await expect.poll(() => page.getByText('Almeno 6 caratteri', { exact: true }).isVisible()).toBe(true);
  await context.close();
});

test("registering: each error under its field and nothing sent (a password too short on leaving it, empty fields, a 4-digit CAP), a CAP of one comune named; the server's refusals under their field, not in a toast (a CAP that does not exist, no account made; a nickname taken), then a free nickname registers", async () => {
  const taken = await registeredUser(server.url);
  const { context, page } = await loginScreen();
  const calls = recordTrpcCalls(page);
  // The form's rules come in a chunk of their own once the collector starts: on a slow link, after the
  // field was left. Held here until then, every time.
  const held: (() => Promise<void>)[] = [];
  let holding = true;
  await page.route(/\/assets\/.*\.js$/, (route) =>
    holding ? void held.push(() => route.continue()) : route.continue(),
  );
  await switchToRegister(page);
  const { nickname, password, cap } = fields(page);

  // A password too short is said under the password field on leaving it, before submitting.
  await password.fill('abc');
  await cap.focus();
  await expect.poll(() => held.length).toBeGreaterThan(0);
  holding = false;
  await Promise.all(held.map((release) => release()));
  await expect.poll(() => errorUnder(password)).toBe('La password deve essere di almeno 6 caratteri');
  // The other fields have not been touched: nothing is said about them yet.
  expect(await errorUnder(nickname)).toBeNull();
  expect(await errorUnder(cap)).toBeNull();

  await password.fill('abcdef');
  await expect.poll(() => errorUnder(password)).toBeNull();
  expect(calls).not.toContain('auth.register');

  // Registering with empty fields shows each error under its field and sends nothing.
  await password.fill('');
  await page.getByRole('button', { name: 'Registrati' }).click();
  await expect.poll(() => errorUnder(nickname)).toBe('Il nickname è obbligatorio');
  expect(await errorUnder(password)).toBe('La password è obbligatoria');
  expect(await errorUnder(cap)).toBe('Il CAP deve essere di 5 cifre');
  const { birthMonth, birthYear } = fields(page);
  expect(await errorUnder(birthMonth)).toBe('Indica il mese di nascita');
  expect(await errorUnder(birthYear)).toBe("Indica l'anno di nascita");
  for (const field of [nickname, password, cap, birthMonth, birthYear])
    expect(await field.getAttribute('aria-invalid')).toBe('true');
  expect(await toast(page, 'Errore').count()).toBe(0);
  expect(calls).not.toContain('auth.register');

  // Typing fixes each field's error as soon as the field is right.
  await nickname.fill(uniqueNickname('F'));
  await expect.poll(() => errorUnder(nickname)).toBeNull();
  expect(await errorUnder(password)).toBe('La password è obbligatoria');

  // The birth month and year: two lists with nothing chosen; choosing clears their errors.
  expect(await birthMonth.inputValue()).toBe('');
  expect(await birthYear.inputValue()).toBe('');
  await chooseBirthMonth(page, 'Maggio', '1990');
  await expect.poll(() => errorUnder(birthYear)).toBeNull();
  expect(await errorUnder(birthMonth)).toBeNull();

  // A 4-digit CAP shows the CAP error, sends nothing and stays on /login.
  await nickname.fill(uniqueNickname('C'));
  await password.fill('password1');
  await cap.fill('2012');
  await page.getByRole('button', { name: 'Registrati' }).click();
  await expect.poll(() => errorUnder(cap)).toBe('Il CAP deve essere di 5 cifre');
  expect(await cap.getAttribute('aria-invalid')).toBe('true');
  expect(pathOf(page)).toBe('/login');
  expect(calls).not.toContain('auth.register');

  // Fixing the CAP clears the error.
  await cap.fill('20121');
  await page.getByText('Il CAP deve essere di 5 cifre').waitFor({ state: 'detached' });
  expect(await cap.getAttribute('aria-invalid')).not.toBe('true');

  // A CAP of one comune names it under the field (20121: Milano), with nothing to pick.
  await cap.fill('20121');
  await page.getByText('Comune: Milano (MI)', { exact: true }).waitFor();
  expect(await page.getByRole('combobox', { name: 'Il tuo comune' }).count()).toBe(0);

  // A CAP that does not exist is said under the CAP field, not in a toast, and no account is made.
  const chosen = uniqueNickname('K');
  await nickname.fill(chosen);
  await password.fill('password1');
  await cap.fill('00000');
  await page.getByRole('button', { name: 'Registrati' }).click();
  await expect.poll(() => errorUnder(cap)).toBe('CAP non nel nostro elenco: scegli il tuo comune');
  // Not a dead end: the comuni of its postal area are offered right below.
  await page.getByRole('combobox', { name: 'Il tuo comune' }).waitFor();
  expect(await toast(page, 'Errore').count()).toBe(0);
  expect(pathOf(page)).toBe('/login');
  expect(await page.getByRole('button', { name: 'Registrati' }).isEnabled()).toBe(true);
  // No account was made.
  const login = await apiClient(server.url).post('/api/auth/login', {
    nickname: chosen,
    password: 'password1',
  });
  expect(login.status).toBe(401);

  // A nickname already taken is said under the nickname field, not in a toast.
  await nickname.fill(taken.nickname);
  await password.fill('password1');
  await cap.fill('20121');
  await page.getByRole('button', { name: 'Registrati' }).click();
  await expect.poll(() => errorUnder(nickname)).toBe('Nickname già in uso: scegline un altro');
  expect(await toast(page, 'Errore').count()).toBe(0);
  expect(pathOf(page)).toBe('/login');

  await nickname.fill(uniqueNickname('L'));
  await expect.poll(() => errorUnder(nickname)).toBeNull();
  await page.getByRole('button', { name: 'Registrati' }).click();
  await page.waitForURL((url) => url.pathname === '/');
  await context.close();
});

test('a CAP changed after 2019 (20054 Segrate) is not a dead end: the collector picks Segrate and is registered there', async () => {
  const { context, page } = await loginScreen();
  await switchToRegister(page);
  const { nickname, password, cap } = fields(page);
  await chooseBirthMonth(page, 'Dicembre', '1975');
  // The field keeps letters and digits only, and says so before anything is sent.
  await nickname.pressSequentially('anna.b_1992');
  expect(await nickname.inputValue()).toBe('ANNAB199');
  await expect
    .poll(() => descriptionOf(nickname))
    .toBe('Hai scritto «anna.b_1992»: il tuo nickname sarà ANNAB199');
  await password.fill('password1');
  await cap.fill('20054');
  const comune = page.getByRole('combobox', { name: 'Il tuo comune' });
  await comune.waitFor();
  await page.getByRole('button', { name: 'Registrati' }).click();
  await expect.poll(() => errorUnder(cap)).toBe('CAP non nel nostro elenco: scegli il tuo comune');
  await comune.click();
  await comune.fill('Segr');
  await page.getByRole('option', { name: 'Segrate (MI)' }).click();
  await expect.poll(() => errorUnder(cap)).toBeNull();
  await page.screenshot({ path: '/tmp/b28-register-comune.png' });
  await page.getByRole('button', { name: 'Registrati' }).click();
  await expect.poll(() => pathOf(page)).toBe('/');
  const me = await apiClient(server.url).post<{ cap: string; comune: string }>('/api/auth/login', {
    nickname: 'ANNAB199',
    password: 'password1',
  });
  expect(me.body).toMatchObject({ cap: '20054', comune: '015205' });
  await context.close();
});

test("a wrong password says 'Nickname o password non corretti' under the password field and sends only nickname and password; with the right one the button reads 'Caricamento...' and is disabled while logging in, then Home opens", async () => {
  const user = await registeredUser(server.url);
  const { context, page } = await loginScreen();
  const bodies: unknown[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/trpc/auth.login')) bodies.push(request.postDataJSON());
  });
  const { nickname, password } = fields(page);
  await nickname.fill(user.nickname);
  await password.fill('sbagliata');
  await page.getByRole('button', { name: 'Accedi' }).click();
  await expect.poll(() => errorUnder(password)).toBe('Nickname o password non corretti');
  expect(await toast(page, 'Errore').count()).toBe(0);
  expect(pathOf(page)).toBe('/login');
  expect(bodies).toEqual([{ 0: { nickname: user.nickname, password: 'sbagliata' } }]);

  // Typing the right password takes the error away; logging in works, 'Caricamento...' meanwhile.
  await password.fill(user.password);
  await expect.poll(() => errorUnder(password)).toBeNull();
  const login = await holdTrpcCalls(page, 'auth.login');
  try {
    await page.getByRole('button', { name: 'Accedi' }).click();
    const pending = page.getByRole('button', { name: 'Caricamento...' });
    await pending.waitFor();
    expect(await pending.isDisabled()).toBe(true);
    // The button says so as the call begins; the request itself leaves a moment later (tRPC's batch).
    await expect.poll(() => login.held).toBe(1);
  } finally {
    login.release();
  }
  await page.waitForURL((url) => url.pathname === '/');
  await page.getByRole('heading', { name: `Ciao, ${user.nickname}!` }).waitFor();
  await context.close();
});

// From the login screen and back: the account's whole journey.

test('a collector registers, changes password, logs out and logs in again on a phone', async () => {
  const { context, page } = await newPhone();
  const user = { nickname: uniqueNickname('E'), password: 'primapass', cap: '20121' };

  await registerThroughUi(page, user);
  await expect
    .poll(() => page.getByRole('heading', { name: `Ciao, ${user.nickname}!` }).isVisible())
    .toBe(true);
  for (const counter of ['Possedute', 'Doppie', 'Mancanti']) {
    await expect.poll(() => page.getByText(counter, { exact: true }).isVisible()).toBe(true);
  }

  // Profilo's reports are asked as the page opens and held until the password has changed: the call
  // then reaches the server with the session the change ended. The collector stays signed in — the app
  // asks who is here and the call again — instead of being sent to /login (seen once on a busy machine).
  const reports = await holdTrpcCalls(page, 'reports.mine');
  const oldSession = await context.cookies();
  await page.getByRole('navigation', { name: 'Navigazione principale' }).getByText('Profilo').click();
  await page.waitForURL('**/profile');
  await expect.poll(() => reports.held).toBe(1);
  await page.getByRole('button', { name: 'Password' }).click();
  await page.getByLabel('Password attuale').fill(user.password);
  await page.getByLabel('Nuova password', { exact: true }).fill('secondapass');
  await page.getByLabel('Conferma nuova password').fill('secondapass');
  await page.getByRole('button', { name: 'Cambia password' }).click();
  await page
    .getByText('Vuoi davvero cambiare la password? Questa azione non può essere annullata.')
    .waitFor();
  await page.getByRole('button', { name: 'Conferma' }).click();
  await page.getByText('La password è stata aggiornata con successo').waitFor();
  // The held call leaves with the session the change ended (the jar put back as it was when the call
  // was asked); the app's 'who is here?' waits until the jar holds the new session again.
  const newSession = await context.cookies();
  const whoIsHere = await holdTrpcCalls(page, 'auth.session');
  const reportsCall = (status: number) =>
    page.waitForResponse(
      (response) => response.url().includes('reports.mine') && response.status() === status,
    );
  const refused = reportsCall(401);
  await context.addCookies(oldSession);
  reports.release();
  await refused;
  const answered = reportsCall(200);
  await context.addCookies(newSession);
  whoIsHere.release();
  await answered;
  expect(pathOf(page)).toBe('/profile');

  await page.getByRole('button', { name: 'Esci' }).click();
  await page.waitForURL('**/login');

  await page.getByLabel('Nickname').fill(user.nickname);
  await page.getByLabel('Password', { exact: true }).fill('secondapass');
  await page.getByRole('button', { name: 'Accedi' }).click();
  await page.waitForURL((url) => url.pathname === '/');
  await page.getByRole('heading', { name: `Ciao, ${user.nickname}!` }).waitFor();
  await context.close();
});

// Issue 45: the birth month and year.

test("an under-14 is refused at sign-up: the year says 'Chiedi a un genitore…', the screen says how, and no account is made", async () => {
  const { context, page } = await loginScreen();
  await switchToRegister(page);
  const { nickname, password, cap, birthYear } = fields(page);
  const childYear = String(new Date().getFullYear() - 10);
  await chooseBirthMonth(page, 'Marzo', childYear);
  const chosen = uniqueNickname('Z');
  await nickname.fill(chosen);
  await password.fill('password1');
  await cap.fill('20121');
  await page.getByRole('button', { name: 'Registrati' }).click();
  await expect.poll(() => errorUnder(birthYear)).toBe('Chiedi a un genitore di creare il tuo profilo');
  await page.getByRole('status').filter({ hasText: 'Ti serve un genitore' }).waitFor();
  await page.getByText('Nessun account è stato creato.').waitFor();
  expect(await toast(page, 'Errore').count()).toBe(0);
  expect(pathOf(page)).toBe('/login');
  expect(
    (await apiClient(server.url).post('/api/auth/login', { nickname: chosen, password: 'password1' })).status,
  ).toBe(401);
  await context.close();
});

test('an account from before birth dates is asked once, before any screen, and cannot skip it: then Home', async () => {
  const user = await registeredUser(server.url);
  await sql(server.databaseUrl, 'update app_user set birth_year = null, birth_month = null where id = $1', [
    user.id,
  ]);
  const { context, page } = await phoneOf(user);
  await page.goto('/album');
  await page.getByRole('heading', { name: 'La tua data di nascita' }).waitFor();
  expect(pathOf(page)).toBe('/data-di-nascita');
  expect(await page.getByRole('navigation', { name: 'Navigazione principale' }).count()).toBe(0);
  await page.screenshot({ path: '/tmp/b45-birth-date.png' });
  // Another address leads back here.
  await page.goto('/profile');
  await page.getByRole('heading', { name: 'La tua data di nascita' }).waitFor();

  await page.getByRole('button', { name: 'Conferma' }).click();
  await expect.poll(() => errorUnder(page.getByLabel('Mese di nascita'))).toBe('Indica il mese di nascita');
  await chooseBirthMonth(page, 'Luglio', '1985');
  await page.getByRole('button', { name: 'Conferma' }).click();
  await expect.poll(() => pathOf(page)).toBe('/');
  await page.getByRole('heading', { name: `Ciao, ${user.nickname}!` }).waitFor();
  expect((await user.api.get('/api/auth/me')).body).toMatchObject({
    ageBand: '18+',
    birthDateMissing: false,
  });
  // Answered, the address shows Home.
  await page.goto('/data-di-nascita');
  await expect.poll(() => pathOf(page)).toBe('/');
  await context.close();
});
