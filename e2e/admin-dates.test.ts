import type { Page } from 'playwright-core';
import { expect, test } from 'vitest';
import { uniqueNickname } from '../test/support/api-client.ts';
import { sql } from '../test/support/sql.ts';
import { TEST_ADMIN } from '../test/support/test-server.ts';
import { registerThroughUi } from './support/browser.ts';
import { setUpE2eApp } from './support/e2e-app.ts';

const { server, newPhone, newDesktop } = setUpE2eApp();

/** The administrator on a desktop, logged in through the panel's own form, on one of its sections. */
async function adminOn(path: string, heading: string) {
  const { context, page } = await newDesktop();
  await page.goto(path);
  await page.getByLabel('Nickname').fill(TEST_ADMIN.nickname);
  await page.getByLabel('Password', { exact: true }).fill(TEST_ADMIN.password);
  await page.getByRole('button', { name: 'Accedi' }).click();
  await page.getByRole('heading', { name: heading, exact: true }).waitFor();
  return { context, page };
}

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
    .filter({ has: page.getByRole('rowheader', { name: nickname, exact: true }) });
  await row.waitFor();
  const headers = await page.getByRole('columnheader').allTextContents();
  // The first header is the row's own (the nickname), the cells are the others.
  return row
    .getByRole('cell')
    .nth(headers.indexOf(column) - 1)
    .textContent();
}

test("'Ultimo accesso' of a collector who registered and used the app is when they last used it, in it-IT", async () => {
  const collector = { nickname: uniqueNickname('ACC'), password: 'password1', cap: '20121' };
  const phone = await newPhone();
  const registeredAt = Date.now();
  await registerThroughUi(phone.page, collector);

  const { context, page } = await adminOn('/admin/utenti', 'Gestione Utenti');
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

test('a report’s date reads the same in the list, its details and the Replit prompt: 04/03/2026, 14:05', async () => {
  await sql(
    server.databaseUrl,
    `insert into report (type, description, status, priority, page, created_at, updated_at)
     values ('js_error', 'Segnalazione datata', 'nuovo', 'media', '/album', $1, $1)`,
    ['2026-03-04T13:05:00Z'], // 14:05 in Rome (CET)
  );
  const { context, page } = await adminOn('/admin/segnalazioni', 'Segnalazioni');
  const row = page
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name: 'Segnalazione datata', exact: true }) });
  await row.getByText('04/03/2026, 14:05', { exact: true }).waitFor();
  // 'Testo per Replit' is a developer's tool, shown once 'Strumenti per sviluppatori' is on.
  await page.getByRole('switch', { name: 'Strumenti per sviluppatori' }).check();

  await row.getByRole('button', { name: 'Dettagli' }).click();
  const details = page.getByRole('dialog', { name: 'Dettagli Segnalazione' });
  expect(await details.getByText('04/03/2026, 14:05', { exact: true }).count()).toBe(2); // created, updated
  await details.getByRole('button', { name: 'Testo per Replit' }).click();
  const prompt = page
    .getByRole('dialog', { name: 'Testo per Replit' })
    .getByRole('textbox', { name: 'Prompt' });
  expect(await prompt.inputValue()).toContain('\n- Data: 04/03/2026, 14:05\n');
  expect(await prompt.inputValue()).not.toContain('2026-03-04T');
  await context.close();
});
