import type { BrowserContext, Page } from 'playwright-core';
import { expect, test } from 'vitest';
import { registeredUser } from '../test/support/api-client.ts';
import { createAlbum, type TestAlbum } from '../test/support/catalogue.ts';
import { markedCollector } from '../test/support/collectors.ts';
import { sql } from '../test/support/sql.ts';
import { setUpAdmin } from './support/admin-login.ts';
import { seriousAxeViolations } from './support/axe.ts';
import { pathOf } from './support/browser.ts';
import { setUpE2eApp } from './support/e2e-app.ts';
import { keptOnDevice } from './support/kept-on-device.ts';

/*
 * Raduni on two phones (issue 46): Anna and Bruno say 'Ci vado' on the meet's page, prepare it at home,
 * lose the signal at the venue, find each other in 'Chi qui ha le tue mancanti', Anna checks in by the
 * printed QR, scans Bruno's code and they swap; back online the check-in and one swap recorded with the
 * meet reach the server, and after the end "Com'è andata?" lists it. The organiser's view at 1280×800,
 * with its printable QR. Screens at 390×844 pass axe.
 */
const app = setUpE2eApp();
const { server, phoneOf, desktopOf } = app;
const { admin } = setUpAdmin(app);
type Collector = Awaited<ReturnType<typeof registeredUser>>;

/** A collector with these marks (number → status, or a double's spares). */
const collector = (album: TestAlbum, marks: Record<string, 'yes' | number>): Promise<Collector> =>
  markedCollector(server.url, album, marks);

/** A phone with the app installed (service worker) and the album's 'Scambio dal vivo' opened once online. */
async function phone(user: Collector, album: TestAlbum) {
  const { context, page } = await phoneOf(user, undefined, { serviceWorkers: 'allow' });
  await page.goto(`/dal-vivo?album=${album.id}`);
  await page.getByTestId('code-link').waitFor();
  await page.evaluate(() => navigator.serviceWorker.ready);
  await page.reload();
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
  await expect.poll(() => keptOnDevice(page)).toContain(`"collection","list"`);
  return { context, page };
}

/** 'Ci vado' and 'Preparati' on the meet's page, reached from Home's 'Raduni vicino a te'. */
async function goAndPrepare(page: Page, title: string, others: number) {
  await page.goto('/');
  const card = page.getByRole('region', { name: 'Raduni vicino a te' });
  await card.getByRole('link', { name: new RegExp(`^${title}`) }).click();
  await page.getByRole('heading', { name: title }).waitFor();
  await page.getByRole('button', { name: 'Ci vado', exact: true }).click();
  const share = page.getByRole('switch', { name: 'Condividi le mie liste' });
  await share.waitFor();
  expect(await share.isChecked()).toBe(true);
  await page.getByRole('button', { name: 'Preparati' }).click();
  const ready = others === 1 ? 'Pronto offline: 1 collezionista' : `Pronto offline: ${others} collezionisti`;
  await page.getByText(new RegExp(`^${ready}, aggiornato alle \\d\\d:\\d\\d$`)).waitFor();
  await expect.poll(() => keptOnDevice(page)).toContain(`"raduni","pool"`);
}

const codeLink = async (page: Page) => (await page.getByTestId('code-link').textContent()) as string;
const offline = (...contexts: BrowserContext[]) =>
  Promise.all(contexts.map((context) => context.setOffline(true)));

test('two phones at a meet: go, prepare, lose the signal, find each other, check in, scan and swap; back online one swap recorded with the meet', async () => {
  const album = await createAlbum(server.databaseUrl, { name: 'Raduno di Natale', stickers: 10 });
  // Anna gives 1 and 2 and misses 4 and 5; Bruno the other way round. Both own 3.
  const [anna, bruno, organiser] = await Promise.all([
    collector(album, { '1': 1, '2': 1, '3': 'yes' }),
    collector(album, { '3': 'yes', '4': 1, '5': 1 }),
    registeredUser(server.url),
  ]);
  const place = await admin.post<{ id: number }>('/api/admin/punti-scambio', {
    name: 'Edicola del Raduno',
    kind: 'edicola',
    address: 'Piazza del Duomo 1',
    cap: '20121',
    openingHours: [1, 2, 3, 4, 5, 6, 7].map((day) => ({ day, opens: '08:00', closes: '20:00' })),
  });
  expect(
    (await admin.put(`/api/admin/punti-scambio/${place.body.id}/organizzatori/${organiser.id}`)).status,
  ).toBe(200);
  const title = 'Scambi in piazza';
  const created = await organiser.api.post<{ id: number; checkInToken: string }>('/api/raduni', {
    puntoScambioId: place.body.id,
    title,
    start: new Date(Date.now() + 30 * 60_000).toISOString(),
    end: new Date(Date.now() + 4 * 3_600_000).toISOString(),
    albumIds: [album.id],
    tables: 20,
  });
  expect(created.status).toBe(201);
  const id = created.body.id;

  const a = await phone(anna, album);
  const b = await phone(bruno, album);
  await goAndPrepare(b.page, title, 0);
  await goAndPrepare(a.page, title, 1);
  // Bruno prepares again once Anna goes too; his table for the others.
  await b.page.getByLabel('Tavolo o cartellino').fill('7');
  await b.page.getByRole('button', { name: 'Salva' }).click();
  await expect.poll(() => b.page.getByRole('button', { name: 'Salva' }).isDisabled()).toBe(true);
  await b.page.getByRole('button', { name: 'Aggiorna' }).click();
  await b.page.getByText(/^Pronto offline: 1 collezionista/).waitFor();
  await a.page.getByRole('button', { name: 'Aggiorna' }).click();
  await a.page.getByText('2 collezionisti ci vanno').waitFor();
  await expect.poll(() => keptOnDevice(a.page)).toContain('"tavolo":"7"');
  expect(await seriousAxeViolations(a.page)).toEqual([]);

  // At the venue, no signal: the meet, its rows and the check-in all work from the phone.
  await offline(a.context, b.context);
  await a.page.goto('/raduni');
  await a.page.getByRole('link', { name: new RegExp(`^${title}, `) }).waitFor();
  await a.page.goto(`/raduni/${id}/qui`);
  const rows = a.page.getByRole('list', { name: 'Collezionisti al raduno' });
  const brunoRow = rows.getByRole('button', { name: new RegExp(`^${bruno.nickname} · tavolo 7`) });
  await brunoRow.getByText('ti dà 2, tu dai 2').waitFor();
  expect(await seriousAxeViolations(a.page)).toEqual([]);
  await b.page.goto(`/raduni/${id}/qui`);
  await b.page.getByText(`${anna.nickname}`).waitFor();

  await a.page.goto(`/raduni/${id}/check-in#${created.body.checkInToken}`);
  await a.page.getByRole('heading', { name: /^Check-in alle \d\d:\d\d$/ }).waitFor();
  await a.page.getByText('sarà inviato appena torna il campo', { exact: false }).waitFor();
  expect(new URL(a.page.url()).hash).toBe('');
  await a.page.getByRole('link', { name: 'Chi qui ha le tue mancanti' }).click();
  await brunoRow.click();
  await rows.getByText('Ti dà: 004, 005').waitFor();
  await rows.getByText('Tu dai: 001, 002').waitFor();
  await rows.getByRole('link', { name: 'Scansiona il suo codice' }).click();
  await a.page.waitForURL(
    (url) => url.pathname === '/dal-vivo' && url.searchParams.get('scansiona') === 'true',
  );
  expect(await a.page.getByRole('radio', { name: 'Scansiona' }).isChecked()).toBe(true);

  // The swap at the table (Bruno's code opened as a link: the camera's part is qr-scanner's subject).
  await b.page.goto(`/dal-vivo?album=${album.id}`);
  await a.page.goto(await codeLink(b.page));
  await a.page.getByText('Tu dai: 2 di 2').waitFor();
  await a.page.getByRole('button', { name: 'Scambio fatto' }).click();
  await a.page.getByText('Il tuo album è aggiornato', { exact: false }).waitFor();
  await b.page.goto(await codeLink(a.page));
  await b.page.getByRole('button', { name: 'Conferma' }).click();
  await b.page.getByText('Scambio confermato').waitFor();
  // The rows re-rank on the phone: nothing is left between them.
  await a.page.goto(`/raduni/${id}/qui`);
  await a.page.getByText('Nessuno qui ha figurine utili per te, per ora.').waitFor();

  // Back online: the check-in timed at the scan and one swap, recorded with the meet.
  await Promise.all([a.context.setOffline(false), b.context.setOffline(false)]);
  await Promise.all([a.page.goto(`/raduni/${id}`), b.page.goto(`/raduni/${id}`)]);
  await a.page.getByText(/^Check-in fatto alle \d\d:\d\d$/).waitFor({ timeout: 20_000 });
  await expect
    .poll(async () => (await anna.api.get<unknown[]>(`/api/raduni/${id}/scambi`)).body, { timeout: 20_000 })
    .toEqual([expect.objectContaining({ otherNickname: bruno.nickname, gave: 2, received: 2 })]);
  await expect
    .poll(async () => (await bruno.api.get<unknown[]>(`/api/raduni/${id}/scambi`)).body.length)
    .toBe(1);
  const [swap] = await sql<{ count: number }>(
    server.databaseUrl,
    `select count(*)::int as count from swap where raduno_id = $1 and from_confirmed and to_confirmed`,
    [id],
  );
  expect(swap?.count).toBe(1);

  // The organiser at 1280×800: announces next week's opening from /raduni, then the meet's view — counts,
  // the QR to print, cancelling.
  const desk = await desktopOf(organiser);
  await desk.page.goto('/raduni');
  await desk.page.getByRole('link', { name: 'Annuncia un raduno' }).click();
  await desk.page.getByLabel('Titolo').fill('Apertura della domenica');
  await desk.page.getByLabel('Tipo').selectOption('apertura');
  await desk.page.getByRole('button', { name: 'Annuncia' }).click();
  await desk.page.getByRole('alert').getByText('Indica almeno un album').waitFor();
  await desk.page.getByRole('checkbox', { name: album.name }).check();
  expect(await seriousAxeViolations(desk.page)).toEqual([]);
  await desk.page.getByRole('button', { name: 'Annuncia' }).click();
  await desk.page.getByRole('heading', { name: 'Apertura della domenica' }).waitFor();
  await desk.page.getByText(/, 09:00–13:00$/).waitFor();
  await desk.page.getByText('Apertura settimanale per Raduno di Natale').waitFor();
  await desk.page.goto(`/raduni/${id}`);
  await desk.page.getByRole('heading', { name: 'Organizzazione' }).waitFor();
  await desk.page.getByRole('heading', { name: 'Le più cercate qui' }).waitFor();
  await desk.page.getByText('Si contano quando almeno 5 altri collezionisti', { exact: false }).waitFor();
  expect(await seriousAxeViolations(desk.page)).toEqual([]);
  await desk.page.getByRole('link', { name: 'Stampa il QR del check-in' }).click();
  await desk.page.getByRole('img', { name: 'Codice QR' }).waitFor();
  await desk.page.getByText('Check-in: inquadra il codice con il telefono').waitFor();
  expect(pathOf(desk.page)).toBe(`/raduni/${id}/stampa`);
  await desk.context.close();

  // After the end, "Com'è andata?": the swap to rate or report.
  await sql(
    server.databaseUrl,
    "update raduno set starts_at = now() - interval '4 hours', ends_at = now() - interval '1 minute' where id = $1",
    [id],
  );
  await a.page.goto('/');
  await a.page.getByRole('link', { name: `Com'è andata? ${title}` }).waitFor();
  expect(await seriousAxeViolations(a.page)).toEqual([]);
  await a.page.getByRole('link', { name: `Com'è andata? ${title}` }).click();
  const after = a.page.getByRole('heading', { name: "Com'è andata?" });
  await after.waitFor();
  await a.page.getByText(`: hai dato 2 figurine, ricevuto 2 figurine`).waitFor();
  await a.page.getByRole('link', { name: 'Valuta' }).waitFor();
  expect(await seriousAxeViolations(a.page)).toEqual([]);
  await a.page.getByRole('button', { name: 'Segnala' }).click();
  const dialog = a.page.getByRole('dialog', { name: `Segnala ${bruno.nickname}` });
  await dialog.getByRole('radio', { name: 'Truffa o figurine false' }).waitFor();
  await dialog.getByRole('radio', { name: 'Comportamento verso un minore' }).waitFor();
  await a.context.close();
  await b.context.close();
}, 180_000);
