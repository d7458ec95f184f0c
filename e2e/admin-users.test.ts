import type { Page } from 'playwright-core';
import { expect, test } from 'vitest';
import { apiClient, registeredUser, uniqueNickname } from '../test/support/api-client.ts';
import { sql } from '../test/support/sql.ts';
import { TEST_ADMIN } from '../test/support/test-server.ts';
import { nicknameFirst, setUpAdmin } from './support/admin-login.ts';
import { seriousAxeViolations } from './support/axe.ts';
import { recordTrpcCalls, toast } from './support/browser.ts';
import { setUpE2eApp } from './support/e2e-app.ts';

// 'Gestione Utenti' of the admin panel.

const app = setUpE2eApp();
const { server, phoneOf } = app;
const { admin, adminDesktop, adminOn } = setUpAdmin(app);

/** The administrator on a desktop, on 'Gestione Utenti'. */
const onUsers = () => adminOn('/admin/utenti', 'Gestione Utenti');

const rowOf = (page: Page, nickname: string) =>
  page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: nicknameFirst(nickname) }) });
const bodyRows = (page: Page) => page.getByRole('rowgroup').nth(1).getByRole('row');
const search = (page: Page) => page.getByRole('textbox', { name: 'Cerca utenti' });

/** A counter card's figure, once loaded. */
async function counter(page: Page, label: 'Totali' | 'Attivi' | 'Disattivati') {
  const card = page.getByRole('group', { name: label, exact: true });
  await expect.poll(() => card.getAttribute('aria-busy')).toBe('false');
  return Number((await card.textContent())?.replace(/\D/g, ''));
}

const credentials = ({ nickname, password }: { nickname: string; password: string }) => ({
  nickname,
  password,
});

async function apiCounts() {
  return (await admin.get<{ total: number; active: number; inactive: number }>('/api/admin/users/counts'))
    .body;
}

test('the counters match the API and the search narrows the list', async () => {
  const first = await registeredUser(server.url, { nickname: uniqueNickname('Q') });
  const second = await registeredUser(server.url, { nickname: uniqueNickname('Z') });
  const { context, page } = await onUsers();
  await rowOf(page, first.nickname).waitFor();
  await rowOf(page, second.nickname).waitFor();
  const counts = await apiCounts();
  expect(await counter(page, 'Totali')).toBe(counts.total);
  expect(await counter(page, 'Attivi')).toBe(counts.active);
  expect(await counter(page, 'Disattivati')).toBe(counts.inactive);
  expect(await search(page).getAttribute('placeholder')).toBe('Cerca utenti...');

  const calls = recordTrpcCalls(page);
  await search(page).pressSequentially(first.nickname, { delay: 40 });
  await rowOf(page, second.nickname).waitFor({ state: 'detached' });
  expect(await bodyRows(page).count()).toBe(1);
  expect(await rowOf(page, first.nickname).count()).toBe(1);
  // Debounced: not one request per keystroke.
  const searches = calls.filter((call) => call === 'users.list').length;
  expect(searches).toBeGreaterThan(0);
  expect(searches).toBeLessThan(first.nickname.length);

  await search(page).fill('NESSUNOCOSI');
  await page.getByText('Nessun utente trovato', { exact: true }).waitFor();

  await search(page).fill('');
  await rowOf(page, second.nickname).waitFor();
  expect(await bodyRows(page).count()).toBe(counts.total);
  await context.close();
});

test('deactivating (after confirming) logs the user out, shows it in the row and the counters; reactivating undoes it', async () => {
  const user = await registeredUser(server.url);
  const { context, page } = await onUsers();
  const row = rowOf(page, user.nickname);
  await row.getByText('Attivo', { exact: true }).waitFor();
  const active = await counter(page, 'Attivi');
  const inactive = await counter(page, 'Disattivati');

  await row.getByRole('button', { name: 'Disattiva' }).click();
  const dialog = page.getByRole('dialog', { name: 'Disattiva utente' });
  await dialog.waitFor();
  expect(await dialog.textContent()).toContain('Ogni sua sessione sarà chiusa');
  await dialog.getByRole('button', { name: 'Annulla' }).click();
  await dialog.waitFor({ state: 'hidden' });
  expect((await user.api.get('/api/auth/me')).status).toBe(200);

  await row.getByRole('button', { name: 'Disattiva' }).click();
  await dialog.getByRole('button', { name: 'Disattiva' }).click();
  await toast(page, 'Utente disattivato').waitFor();
  await row.getByText('Disattivato', { exact: true }).waitFor();
  await dialog.waitFor({ state: 'hidden' });
  expect((await user.api.get('/api/auth/me')).status).toBe(401);
  await expect.poll(() => counter(page, 'Attivi')).toBe(active - 1);
  expect(await counter(page, 'Disattivati')).toBe(inactive + 1);
  expect(await apiCounts()).toMatchObject({ active: active - 1, inactive: inactive + 1 });
  const refused = await apiClient(server.url).post<{ message: string }>('/api/auth/login', credentials(user));
  expect(refused.body.message).toBe('Questo account è stato disattivato. Contatta il supporto.');

  await row.getByRole('button', { name: 'Attiva', exact: true }).click();
  await toast(page, 'Utente attivato').waitFor();
  await row.getByText('Attivo', { exact: true }).waitFor();
  await expect.poll(() => counter(page, 'Attivi')).toBe(active);
  expect(await counter(page, 'Disattivati')).toBe(inactive);
  const again = apiClient(server.url);
  expect((await again.post('/api/auth/login', credentials(user))).status).toBe(200);
  expect((await again.get('/api/auth/me')).status).toBe(200);
  await context.close();
});

test("granting premium shows on that user's own /api/auth/me, and so does taking it away", async () => {
  const user = await registeredUser(server.url);
  const { context, page } = await onUsers();
  const premium = rowOf(page, user.nickname).getByRole('switch', { name: `Premium per ${user.nickname}` });
  // The switch's input is hidden under its track, its centre wherever the column's width puts it: the
  // track is what a finger touches.
  const track = rowOf(page, user.nickname).locator('.mantine-Switch-track');
  expect(await premium.isChecked()).toBe(false);

  await track.click();
  await toast(page, 'Premium attivato').waitFor();
  await expect.poll(() => premium.isChecked()).toBe(true);
  expect((await user.api.get<{ isPremium: boolean }>('/api/auth/me')).body.isPremium).toBe(true);

  await track.click();
  await toast(page, 'Premium rimosso').waitFor();
  await expect.poll(() => premium.isChecked()).toBe(false);
  expect((await user.api.get<{ isPremium: boolean }>('/api/auth/me')).body.isPremium).toBe(false);
  await context.close();
});

test("the administrator's own row has no deactivate button; the others do", async () => {
  const user = await registeredUser(server.url);
  const { context, page } = await onUsers();
  await rowOf(page, user.nickname).getByRole('button', { name: 'Disattiva' }).waitFor();
  const own = page.getByRole('row').filter({ hasText: TEST_ADMIN.nickname });
  await own.getByText('Il tuo account').waitFor();
  expect(await own.getByRole('button').count()).toBe(0);
  await context.close();
});

test("a demo collector's row carries the 'Demo' badge; a real collector's does not; each row gives the age band, never the birth date", async () => {
  const demo = await registeredUser(server.url, { nickname: uniqueNickname('D') });
  const real = await registeredUser(server.url, { nickname: uniqueNickname('R') });
  const teenYear = new Date().getFullYear() - 16;
  const teen = await registeredUser(server.url, {
    nickname: uniqueNickname('T'),
    birthYear: teenYear,
    birthMonth: 1,
  });
  const older = await registeredUser(server.url, { nickname: uniqueNickname('O') });
  await sql(server.databaseUrl, 'update app_user set is_demo = true where id = $1', [demo.id]);
  await sql(server.databaseUrl, 'update app_user set birth_year = null, birth_month = null where id = $1', [
    older.id,
  ]);
  // Three 'adulto_minore' reports stopped this adult reaching minors (issue 45, row 8).
  await sql(server.databaseUrl, 'update app_user set minor_contact_suspended_at = now() where id = $1', [
    real.id,
  ]);
  // Rows in every state the list draws, for the accessibility check below: deactivated ('Attiva'),
  // suspended from minors ('Minori: sospeso · Riattiva').
  await sql(server.databaseUrl, 'update app_user set is_active = false where id = $1', [demo.id]);
  await sql(server.databaseUrl, 'update app_user set minor_contact_suspended_at = now() where id = $1', [
    older.id,
  ]);
  const { context, page } = await onUsers();
  const row = (nickname: string) => page.getByRole('row').filter({ hasText: nickname });
  await row(demo.nickname).getByText('Demo', { exact: true }).waitFor();
  await rowOf(page, real.nickname).waitFor();
  expect(await row(real.nickname).getByText('Demo', { exact: true }).count()).toBe(0);
  // At 1280×800 every badge reads whole ('Disattivato', 'Demo'), and the table fits without scrolling
  // sideways: the row's rarer actions wait in its menu (issue 48, row 8).
  const cut = await page
    .locator('table .mantine-Badge-label')
    .evaluateAll((labels) =>
      labels.filter((label) => label.scrollWidth > label.clientWidth).map((label) => label.textContent),
    );
  expect(cut).toEqual([]);
  expect(await row(demo.nickname).getByText('Disattivato', { exact: true }).isVisible()).toBe(true);
  const table = page.getByRole('table');
  expect(await table.evaluate((element) => element.getBoundingClientRect().right <= window.innerWidth)).toBe(
    true,
  );
  // Issue 45: the band, or 'Da chiedere' for an account from before; the birth year appears nowhere.
  const bandOf = (nickname: string) =>
    rowOf(page, nickname)
      .getByRole('rowheader')
      .getByText(/^Età: /)
      .textContent();
  expect(await bandOf(real.nickname)).toBe('Età: 18+');
  expect(await bandOf(teen.nickname)).toBe('Età: 14-17');
  expect(await bandOf(older.nickname)).toBe('Età: da chiedere');
  expect(await row(teen.nickname).textContent()).not.toContain(String(teenYear));
  // The admin, having read the reports, lets the adult reach minors again.
  const suspended = rowOf(page, real.nickname).getByText('Minori: sospeso');
  await suspended.waitFor();
  expect(await rowOf(page, teen.nickname).getByText('Minori: sospeso').count()).toBe(0);
  await rowOf(page, real.nickname)
    .getByRole('button', { name: `Riattiva i contatti con i minori per ${real.nickname}` })
    .click();
  await toast(page, 'Contatti con i minori riattivati').waitFor();
  await suspended.waitFor({ state: 'detached' });
  expect(
    await sql(server.databaseUrl, 'select minor_contact_suspended_at from app_user where id = $1', [real.id]),
  ).toEqual([{ minor_contact_suspended_at: null }]);

  // Only an admin corrects a birth date, with a reason: the band follows, the log keeps it.
  await rowOf(page, teen.nickname)
    .getByRole('button', { name: `Altre azioni per ${teen.nickname}` })
    .click();
  await page.getByRole('menuitem', { name: 'Correggi la data di nascita' }).click();
  const dialog = page.getByRole('dialog', { name: `Correggi la data di nascita di ${teen.nickname}` });
  await dialog.getByLabel('Mese di nascita').selectOption({ label: 'Marzo' });
  await dialog.getByLabel('Anno di nascita').selectOption(String(teenYear - 4));
  await dialog.getByRole('button', { name: 'Correggi' }).click();
  await dialog.getByText('Indica il motivo della correzione').waitFor();
  expect(await seriousAxeViolations(page)).toEqual([]);
  await dialog.getByLabel('Motivo').fill('Documento mostrato: è maggiorenne');
  await dialog.getByRole('button', { name: 'Correggi' }).click();
  await toast(page, 'Data di nascita corretta').waitFor();
  await expect.poll(() => bandOf(teen.nickname)).toBe('Età: 18+');
  expect(
    await sql(
      server.databaseUrl,
      'select new_year, new_month, reason from birth_date_correction where user_id = $1',
      [teen.id],
    ),
  ).toEqual([{ new_year: teenYear - 4, new_month: 3, reason: 'Documento mostrato: è maggiorenne' }]);
  await context.close();
});

test("a failed users load says 'Errore nel caricamento degli utenti' and 'Riprova' loads them", async () => {
  const user = await registeredUser(server.url);
  const { context, page } = await adminDesktop();
  let failing = true;
  await page.route(
    (url) => url.pathname.startsWith('/trpc/') && url.pathname.slice(6).split(',').includes('users.list'),
    (route) => (failing ? route.fulfill({ status: 500, body: 'guasto' }) : route.continue()),
  );
  await page.goto('/admin/utenti');

  const failure = page.getByRole('alert').filter({ hasText: 'Errore nel caricamento degli utenti' });
  await failure.waitFor();
  expect(await rowOf(page, user.nickname).count()).toBe(0);

  failing = false;
  await failure.getByRole('button', { name: 'Riprova' }).click();
  await rowOf(page, user.nickname).waitFor();
  expect(await failure.count()).toBe(0);
  await context.close();
});

// The browsers of these tests are in Italy (Europe/Rome), and so are these expectations.
const romeDateTime = new Intl.DateTimeFormat('it-IT', {
  timeZone: 'Europe/Rome',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});
/** How an Italian reads a moment within a minute of `at` (the minute may turn while the test runs). */
const aroundMinute = (at: number) => [-60_000, 0, 60_000].map((shift) => romeDateTime.format(at + shift));

/** The text of one column's cell in a user's row of 'Gestione Utenti'. */
async function userCell(page: Page, nickname: string, column: string) {
  const row = page
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name: nicknameFirst(nickname) }) });
  await row.waitFor();
  const headers = await page.getByRole('columnheader').allTextContents();
  // The first header is the row's own (the nickname), the cells are the others.
  return row
    .getByRole('cell')
    .nth(headers.indexOf(column) - 1)
    .textContent();
}

test("'Ultimo accesso' of a collector who registered and used the app is when they last used it, in it-IT", async () => {
  const registeredAt = Date.now();
  const collector = await registeredUser(server.url, { nickname: uniqueNickname('ACC') });
  const phone = await phoneOf(collector);

  const { context, page } = await onUsers();
  expect(aroundMinute(registeredAt)).toContain(await userCell(page, collector.nickname, 'Ultimo accesso'));
  expect(await userCell(page, collector.nickname, 'Registrato il')).toBe(
    romeDateTime.format(registeredAt).slice(0, 10),
  );

  // Two days later the collector opens the app again, still logged in from that registration.
  await phone.page.close();
  await sql(
    server.databaseUrl,
    "update app_user set last_login_at = now() - interval '2 days' where nickname = $1",
    [collector.nickname],
  );
  await page.reload();
  expect(aroundMinute(Date.now() - 2 * 24 * 60 * 60_000)).toContain(
    await userCell(page, collector.nickname, 'Ultimo accesso'),
  );
  const usedAt = Date.now();
  const again = await phone.context.newPage();
  await again.goto('/album');
  await again.getByRole('heading', { name: 'Album', exact: true }).waitFor();
  await page.reload();
  expect(aroundMinute(usedAt)).toContain(await userCell(page, collector.nickname, 'Ultimo accesso'));
  await context.close();
  await phone.context.close();
});
