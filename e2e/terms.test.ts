import { expect, test } from 'vitest';
import { TERMS_VERSION } from '../src/rpc/schemas/terms.ts';
import { registeredUser } from '../test/support/api-client.ts';
import { sql } from '../test/support/sql.ts';
import { seriousAxeViolations } from './support/axe.ts';
import { pathOf } from './support/browser.ts';
import { setUpE2eApp } from './support/e2e-app.ts';

/*
 * The Termini and the contacts on a phone (issue 47, rows 1, 4 and 6): a stranger finds them from the
 * sign-up form, with the simple version for 14–17 and parents; a collector who accepted an older version
 * is shown the change once, can read the Termini first, and is not asked again after 'Ho letto'.
 */
const { server, newPhone, phoneOf } = setUpE2eApp();

test('a stranger reads the Termini from the sign-up form, their simple version and the contacts; the informativa names cookies and links both', async () => {
  const { context, page } = await newPhone();
  await page.goto('/login');
  await page.getByRole('button', { name: 'Crea un account' }).click();
  await page.getByText('Registrandoti accetti i').getByRole('link', { name: 'Termini' }).click();
  await page.getByRole('heading', { name: 'Termini di servizio' }).waitFor();
  for (const section of [
    'Chi gestisce il servizio',
    'Cosa è permesso e cosa no',
    'Come funziona la moderazione',
    'Se i Termini cambiano',
  ]) {
    await page.getByRole('region', { name: section }).waitFor();
  }
  await page.getByText('Solo figurine originali', { exact: false }).waitFor();
  await page.getByText('almeno 15 giorni prima', { exact: false }).waitFor();
  expect(await seriousAxeViolations(page)).toEqual([]);

  await page.getByRole('link', { name: /versione semplice/ }).click();
  await page.getByRole('heading', { name: 'Le regole in parole semplici' }).waitFor();
  await page.getByText('Un adulto mi mette a disagio', { exact: false }).waitFor();
  expect(await seriousAxeViolations(page)).toEqual([]);

  await page.getByRole('link', { name: 'Contatti' }).click();
  await page.getByRole('heading', { name: 'Contatti' }).waitFor();
  // This server's operator has set nothing: the page says so instead of inventing.
  expect(await page.getByTestId('authorities-contact').textContent()).toBe('non configurato');
  await page
    .getByRole('region', { name: 'Per le autorità' })
    .getByText('Regolamento UE 2022/2065', { exact: false })
    .waitFor();
  expect(await seriousAxeViolations(page)).toEqual([]);

  await page.getByRole('link', { name: 'Privacy e crediti' }).click();
  await page.getByRole('region', { name: 'Cookie e dati sul dispositivo' }).waitFor();
  expect(pathOf(page)).toBe('/privacy');
  await context.close();
});

test('changed Termini are shown once: read them first if wanted, then Ho letto, and never again', async () => {
  const user = await registeredUser(server.url);
  await sql(server.databaseUrl, "update app_user set terms_version = '2026-01-01' where id = $1", [user.id]);
  const { context, page } = await phoneOf(user);
  await page.goto('/');
  const notice = page.getByRole('dialog', { name: 'Abbiamo aggiornato i Termini' });
  await notice.waitFor();
  expect(await seriousAxeViolations(page)).toEqual([]);
  await notice.getByRole('link', { name: 'Leggi i Termini' }).click();
  await page.getByRole('heading', { name: 'Termini di servizio' }).waitFor();
  expect(await notice.count()).toBe(0);
  await page.goBack();
  await notice.getByRole('button', { name: 'Ho letto' }).click();
  await notice.waitFor({ state: 'detached' });
  await page.reload();
  await page.getByRole('heading', { name: `Ciao, ${user.nickname}!` }).waitFor();
  expect(await notice.count()).toBe(0);
  const [row] = await sql<{ terms_version: string }>(
    server.databaseUrl,
    'select terms_version from app_user where id = $1',
    [user.id],
  );
  expect(row?.terms_version).toBe(TERMS_VERSION);
  await context.close();
});
