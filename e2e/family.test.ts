import { expect, test } from 'vitest';
import { italianMonth } from '../src/rpc/schemas/age-band-rule.ts';
import { registeredUser } from '../test/support/api-client.ts';
import { createAlbum } from '../test/support/catalogue.ts';
import { sql } from '../test/support/sql.ts';
import { setUpAdmin } from './support/admin-login.ts';
import { seriousAxeViolations } from './support/axe.ts';
import { pathOf, toast } from './support/browser.ts';
import { setUpE2eApp } from './support/e2e-app.ts';

/*
 * Profili famiglia on the phone (issue 45, row 2): a parent adds a child's profile in Profilo, uses it,
 * proposes a swap for the child at a Punto Scambio, and comes back to their own profile.
 */
const app = setUpE2eApp();
const { server, phoneOf } = app;
const { admin } = setUpAdmin(app);

test('a parent adds a child profile, swaps for the child at a Punto Scambio, and switches back', async () => {
  const thisYear = italianMonth(new Date()).year;
  const [parent, adult] = await Promise.all([registeredUser(server.url), registeredUser(server.url)]);
  // Verifying an address is the e-mail tests' subject: here it is verified already.
  await sql(server.databaseUrl, `update app_user set email = $2, email_verified_at = now() where id = $1`, [
    parent.id,
    `genitore.${parent.id}@example.it`,
  ]);
  const album = await createAlbum(server.databaseUrl, { stickers: 2 });
  expect(
    (await adult.api.post('/api/user/stickers/bulk', { albumId: album.id, numbers: '1', status: 'double' }))
      .status,
  ).toBe(200);
  const place = await admin.post<{ id: number }>('/api/admin/punti-scambio', {
    name: `Oratorio ${parent.nickname}`,
    kind: 'oratorio',
    address: 'Via della Chiesa 1',
    cap: '20121',
    openingHours: [1, 2, 3, 4, 5, 6, 7].map((day) => ({ day, opens: '08:00', closes: '20:00' })),
  });
  expect(place.status).toBe(201);

  const { context, page } = await phoneOf(parent);
  await page.goto('/profile');
  const profiles = page.getByRole('region', { name: 'Profili' });
  await profiles.getByText(parent.nickname).waitFor();
  await profiles.getByRole('button', { name: 'Aggiungi un profilo' }).click();
  const form = profiles.getByRole('form', { name: 'Nuovo profilo' });
  await form.getByRole('button', { name: 'Aggiungi profilo' }).click();
  await form.getByText('Il nickname è obbligatorio').waitFor();
  expect(
    await form.getByText('Dichiara di avere la responsabilità genitoriale su questo minore').count(),
  ).toBe(1);
  const childNickname = `F${parent.nickname}`.slice(0, 8);
  await form.getByLabel('Nickname del profilo').fill(childNickname.toLowerCase());
  // An error goes as soon as its field is right.
  await expect.poll(() => form.getByText('Il nickname è obbligatorio').count()).toBe(0);
  await form.getByLabel('Mese di nascita').selectOption('3');
  await form.getByLabel('Anno di nascita').selectOption(String(thisYear - 9));
  await form.getByLabel(/responsabilità genitoriale/).check();
  expect(await seriousAxeViolations(page)).toEqual([]);
  await form.getByRole('button', { name: 'Aggiungi profilo' }).click();
  await toast(page, 'Profilo aggiunto').waitFor();
  await profiles.getByText('Meno di 14 anni').waitFor();

  // Using the child's profile: Home, with whose profile it is under the logo.
  await profiles.getByRole('button', { name: `Usa il profilo di ${childNickname}` }).click();
  await page.waitForURL((url) => url.pathname === '/');
  await page
    .getByRole('link', { name: `Stai usando il profilo di ${childNickname}: vai a Profilo` })
    .waitFor();
  // The child's double, through the same session (the API client shares the phone's cookie).
  expect(
    (await parent.api.post('/api/user/stickers/bulk', { albumId: album.id, numbers: '2', status: 'double' }))
      .status,
  ).toBe(200);

  // A proposal to an adult names a Punto Scambio and a time.
  await page.goto('/match');
  const card = page.getByRole('article', { name: adult.nickname });
  await card.getByRole('button', { name: 'Proponi scambio' }).click();
  const chooser = page.getByRole('dialog', { name: `Proponi scambio a ${adult.nickname}` });
  const meeting = chooser.getByRole('group', { name: 'Dove e quando' });
  await meeting.getByLabel('Punto Scambio').selectOption(String(place.body.id));
  await meeting.getByLabel('Giorno').selectOption({ index: 2 });
  await meeting.getByLabel('Dalle ore').selectOption('10:00');
  await chooser.getByRole('button', { name: 'Invia proposta' }).click();
  await toast(page, 'Proposta inviata').waitFor();
  const [child] = await sql<{ id: number }>(
    server.databaseUrl,
    'select id from app_user where nickname = $1',
    [childNickname],
  );
  expect(
    await sql(
      server.databaseUrl,
      'select swap_point_id from swap where from_user_id = $1 and to_user_id = $2',
      [child?.id, adult.id],
    ),
  ).toEqual([{ swap_point_id: place.body.id }]);

  // Profilo as the child: no password, e-mail or account deletion; the way back.
  await page.getByRole('link', { name: `Stai usando il profilo di ${childNickname}: vai a Profilo` }).click();
  await page.getByText(`Stai usando il profilo di ${childNickname}`, { exact: false }).first().waitFor();
  expect(await page.getByRole('button', { name: 'Password' }).count()).toBe(0);
  expect(await page.getByRole('button', { name: 'Elimina account' }).count()).toBe(0);
  expect(await seriousAxeViolations(page)).toEqual([]);
  await page.getByRole('button', { name: `Torna a ${parent.nickname}` }).click();
  await page.waitForURL((url) => url.pathname === '/');
  expect(pathOf(page)).toBe('/');
  await expect.poll(() => page.getByRole('link', { name: /Stai usando il profilo di/ }).count()).toBe(0);
  expect((await parent.api.get<{ id: number }>('/api/auth/me')).body.id).toBe(parent.id);
  await context.close();
});
