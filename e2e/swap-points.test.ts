import { expect, test } from 'vitest';
import { italianMonth } from '../src/rpc/schemas/age-band-rule.ts';
import { registeredUser } from '../test/support/api-client.ts';
import { makeCandidates } from '../test/support/collectors.ts';
import { sql } from '../test/support/sql.ts';
import { setUpAdmin } from './support/admin-login.ts';
import { seriousAxeViolations } from './support/axe.ts';
import { pathOf, toast } from './support/browser.ts';
import { setUpE2eApp } from './support/e2e-app.ts';

/*
 * Punti Scambio on the phone and in the panel (issue 45, rows 4 and 9): an adult proposes to a teen only
 * with a place and a time, which the teen's card shows; a collector reads a place's hours and suggests
 * another; the admin verifies the suggestion with its hours.
 */
const app = setUpE2eApp();
const { server, phoneOf } = app;
const { admin, adminOn } = setUpAdmin(app);

const everyDay = [1, 2, 3, 4, 5, 6, 7].map((day) => ({ day, opens: '08:00', closes: '20:00' }));
async function newPlace(name: string) {
  const created = await admin.post<{ id: number }>('/api/admin/punti-scambio', {
    name,
    kind: 'edicola',
    address: 'Piazza del Duomo 1',
    cap: '20121',
    openingHours: everyDay,
  });
  expect(created.status).toBe(201);
  return created.body.id;
}

test('an adult proposes to a teen only with a Punto Scambio and a time; the teen reads where and when on the card', async () => {
  const thisYear = italianMonth(new Date()).year;
  const [adult, teen] = await Promise.all([
    registeredUser(server.url),
    registeredUser(server.url, { birthYear: thisYear - 15, birthMonth: 1 }),
  ]);
  await makeCandidates(server, adult, teen);
  await teen.api.put('/api/user/profile', { nickname: teen.nickname, cap: teen.cap, visibleToAdults: true });
  const placeName = `Edicola ${teen.nickname}`;
  const placeId = await newPlace(placeName);

  const { context, page } = await phoneOf(adult);
  await page.goto('/match');
  const card = page.getByRole('article', { name: teen.nickname });
  await card.getByText('entro 5 km').waitFor();
  // No free chat with a minor: no 'Matcha!', only the proposal.
  expect(await card.getByRole('button', { name: 'Matcha!' }).count()).toBe(0);
  await card.getByRole('button', { name: 'Proponi scambio' }).click();
  const chooser = page.getByRole('dialog', { name: `Proponi scambio a ${teen.nickname}` });
  const meeting = chooser.getByRole('group', { name: 'Dove e quando' });
  await meeting.getByLabel('Punto Scambio').selectOption(String(placeId));
  const send = chooser.getByRole('button', { name: 'Invia proposta' });
  expect(await send.isDisabled()).toBe(true);
  await meeting.getByText('Piazza del Duomo 1').waitFor();
  // Tomorrow, the first time offered, 30 minutes.
  await meeting.getByLabel('Giorno').selectOption({ index: 2 });
  const firstStart = await meeting.getByLabel('Dalle ore').locator('option').nth(1).getAttribute('value');
  expect(firstStart).toBe('08:00');
  await meeting.getByLabel('Dalle ore').selectOption('08:00');
  expect(await meeting.getByLabel('Durata').inputValue()).toBe('30');
  expect(await seriousAxeViolations(page)).toEqual([]);
  await send.click();
  await toast(page, 'Proposta inviata').waitFor();
  const [stored] = await sql<{ swap_point_id: number; minutes: number; hour: string }>(
    server.databaseUrl,
    `select swap_point_id, (extract(epoch from slot_end - slot_start) / 60)::int as minutes,
            to_char(slot_start at time zone 'Europe/Rome', 'HH24:MI') as hour
       from swap where from_user_id = $1`,
    [adult.id],
  );
  expect(stored).toEqual({ swap_point_id: placeId, minutes: 30, hour: '08:00' });
  await context.close();

  const teenPhone = await phoneOf(teen);
  await teenPhone.page.goto('/scambi');
  const swap = teenPhone.page.getByRole('article', { name: new RegExp(`^Scambio con ${adult.nickname}`) });
  const where = swap.getByLabel('Dove e quando');
  await where.getByText(`${placeName}, Piazza del Duomo 1 (Milano)`).waitFor();
  expect(await where.textContent()).toMatch(/\d{2}\/\d{2}, 08:00–08:30/);
  await teenPhone.context.close();
});

test("Profilo → Punti Scambio: the places near me, a place's week of hours, and a suggestion sent", async () => {
  const user = await registeredUser(server.url);
  const placeName = `Edicola ${user.nickname}`;
  const placeId = await newPlace(placeName);
  const { context, page } = await phoneOf(user);
  await page.goto('/profile');
  await page.getByRole('link', { name: 'Punti Scambio' }).click();
  await page.getByRole('heading', { name: 'Punti Scambio', level: 1 }).waitFor();
  const listed = page
    .getByRole('list', { name: 'Punti Scambio vicini' })
    .getByRole('link', { name: placeName });
  expect(await listed.textContent()).toContain('Milano · nel tuo comune');
  await listed.click();
  await page.waitForURL((url) => url.pathname === `/punti-scambio/${placeId}`);
  await page.getByRole('heading', { name: placeName, level: 1 }).waitFor();
  const hours = page.getByRole('table', { name: 'Orari di apertura' }).getByRole('row');
  await hours.first().waitFor();
  expect(await hours.allTextContents()).toEqual(
    ['lunedì', 'martedì', 'mercoledì', 'giovedì', 'venerdì', 'sabato', 'domenica'].map(
      (day) => `${day}08:00–20:00`,
    ),
  );
  expect(await seriousAxeViolations(page)).toEqual([]);
  await page.getByRole('link', { name: 'Indietro' }).click();
  await page.getByRole('button', { name: 'Suggerisci un luogo' }).click();
  const form = page.getByRole('dialog', { name: 'Suggerisci un Punto Scambio' });
  await form.getByLabel('Nome del luogo').fill('Biblioteca di quartiere');
  await form.getByLabel('Tipo di luogo').selectOption('biblioteca');
  await form.getByLabel('Indirizzo').fill('Via Roma 2');
  await form.getByLabel('CAP').fill('2012');
  await form.getByRole('button', { name: 'Invia suggerimento' }).click();
  await form.getByText('Il CAP deve essere di 5 cifre').waitFor();
  await form.getByLabel('CAP').fill('20121');
  await form.getByRole('button', { name: 'Invia suggerimento' }).click();
  await toast(page, 'Grazie!').waitFor();
  expect(pathOf(page)).toBe('/punti-scambio');
  const [suggested] = await sql<{ state: string; suggested_by_id: number }>(
    server.databaseUrl,
    `select state, suggested_by_id from swap_point where name = 'Biblioteca di quartiere' and suggested_by_id = $1`,
    [user.id],
  );
  expect(suggested).toEqual({ state: 'proposto', suggested_by_id: user.id });
  await context.close();
});

test("the admin's Punti Scambio: a suggestion first, verified with its hours at 1280×800", async () => {
  const user = await registeredUser(server.url);
  const name = `Oratorio ${user.nickname}`;
  const suggested = await user.api.post<{ id: number }>('/api/punti-scambio', {
    name,
    kind: 'oratorio',
    address: 'Via Verdi 3',
    cap: '20121',
  });
  expect(suggested.status).toBe(201);
  const { context, page } = await adminOn('/admin/punti-scambio', 'Punti Scambio');
  await page.getByText('Proposti', { exact: true }).click();
  const row = page.getByRole('row').filter({ has: page.getByRole('rowheader', { name, exact: true }) });
  await row.getByRole('cell', { name: user.nickname, exact: true }).waitFor();
  await row.getByRole('button', { name: `Modifica ${name}` }).click();
  const dialog = page.getByRole('dialog', { name: `Modifica ${name}` });
  await dialog.getByLabel('Sabato').fill('mattina');
  await dialog.getByLabel('Stato').selectOption('verificato');
  await dialog.getByRole('button', { name: 'Salva' }).click();
  await dialog.getByText('Scrivi gli orari come 09:00-12:30, separati da una virgola').waitFor();
  await dialog.getByLabel('Sabato').fill('9.30-12.00, 15:00-18:00');
  await dialog.getByRole('button', { name: 'Salva' }).click();
  await toast(page, 'Punto Scambio aggiornato').waitFor();
  const [stored] = await sql<{ state: string; opening_hours: unknown }>(
    server.databaseUrl,
    'select state, opening_hours from swap_point where id = $1',
    [suggested.body.id],
  );
  expect(stored).toEqual({
    state: 'verificato',
    opening_hours: [
      { day: 6, opens: '09:30', closes: '12:00' },
      { day: 6, opens: '15:00', closes: '18:00' },
    ],
  });
  await page.getByText('Tutti', { exact: true }).click();
  await page
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name, exact: true }) })
    .getByText('Verificato')
    .waitFor();
  expect(await seriousAxeViolations(page)).toEqual([]);
  await context.close();
});
