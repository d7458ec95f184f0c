import type { Page } from 'playwright-core';
import { expect, test } from 'vitest';
import { ERROR_REPORT_PATH } from '../src/client/shared/error-reporting/error-report.ts';
import { registeredUser } from '../test/support/api-client.ts';
import { setUpAdmin } from './support/admin-login.ts';
import { pageCaughtUp, toast } from './support/browser.ts';
import { setUpE2eApp } from './support/e2e-app.ts';

type Report = {
  id: number;
  type: string;
  description: string;
  page: string | null;
  url: string | null;
  error_details: string | null;
  username: string | null;
  user_agent: string | null;
  status: string;
  priority: string;
};

const app = setUpE2eApp();
const { server, newPhone, phoneOf } = app;
const { admin } = setUpAdmin(app);

/** Every stored report, newest first, as the admin API gives them. */
async function storedReports(): Promise<Report[]> {
  const response = await admin.get<{ reports: Report[] }>('/api/admin/reports?limit=100');
  expect(response.status).toBe(200);
  return response.body.reports;
}

const withDescription = async (description: string | RegExp) =>
  (await storedReports()).filter((report) =>
    typeof description === 'string'
      ? report.description === description
      : description.test(report.description),
  );

/** Waits for the one report with this description to be stored and returns it. */
async function storedReport(description: string | RegExp): Promise<Report> {
  await expect
    .poll(async () => (await withDescription(description)).length, { timeout: 8000 })
    .toBeGreaterThan(0);
  const [report] = await withDescription(description);
  return report as Report;
}

let address = 0;
/**
 * A collector logged in on a phone (by cookie), on `path` once the app shows its tab bar there, or with
 * nothing opened yet (a test may route calls first). Each page comes from an address of its own (the test
 * server trusts X-Forwarded-For), so one test's reports never count against another's per-IP limit.
 */
async function collectorOn(path?: string) {
  const user = await registeredUser(server.url);
  const { context, page } = await phoneOf(user);
  address += 1;
  await context.setExtraHTTPHeaders({ 'x-forwarded-for': `10.77.0.${address}` });
  if (path) {
    await page.goto(path);
    await page.getByRole('navigation', { name: 'Navigazione principale' }).waitFor();
  }
  return { context, page, user };
}

const throwLater = (page: Page, message: string) =>
  page.evaluate((text) => {
    setTimeout(() => {
      throw new Error(text);
    });
  }, message);

/** The descriptions of the reports the page sends from now on, in order, whether they arrive or not. */
function reportsSentBy(page: Page) {
  const sent: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === ERROR_REPORT_PATH) sent.push(request.postDataJSON()?.description);
  });
  return sent;
}

const trpcCallTo = (procedure: string) => (url: URL) =>
  url.pathname.startsWith('/trpc/') && url.pathname.slice(6).split(',').includes(procedure);

test('an uncaught script error reaches the server as js_error, with the page, the address and the user', async () => {
  const { context, page, user } = await collectorOn('/album');
  await page.getByRole('navigation', { name: 'Navigazione principale' }).waitFor();
  await throwLater(page, 'Boom di prova');

  const report = await storedReport('Boom di prova');
  expect(report).toMatchObject({
    type: 'js_error',
    page: '/album',
    url: `${server.url}/album`,
    username: user.nickname,
    status: 'nuovo',
    priority: 'media',
  });
  expect(report.user_agent).toContain('Chrome');
  const details = JSON.parse(report.error_details ?? '{}');
  expect(details).toMatchObject({ name: 'Error', message: 'Boom di prova' });
  expect(details.stack).toContain('Boom di prova');
  await context.close();
});

test('an unhandled promise rejection is reported as api_error', async () => {
  const { context, page } = await collectorOn('/profile');
  await page.getByRole('heading', { name: 'Profilo', exact: true }).waitFor();
  await page.evaluate(() => {
    void Promise.reject(new Error('Promessa rifiutata di prova'));
  });

  const report = await storedReport('Promessa rifiutata di prova');
  expect(report).toMatchObject({ type: 'api_error', page: '/profile', url: `${server.url}/profile` });
  await context.close();
});

test("a query answered 500 is reported twice: the answer (network_error) and 'Errore Query'", async () => {
  const { context, page } = await collectorOn();
  await page.route(trpcCallTo('albums.list'), (route) =>
    route.fulfill({ status: 500, contentType: 'text/plain', body: 'guasto del server di prova' }),
  );
  // The profile's album choice asks for the albums.
  await page.goto('/profile');

  // The screen's queries may go out in one batch with it: the path names every procedure of the batch.
  const albumsAnswer = /^Errore del server 500: GET \/trpc\/([\w.]+,)*albums\.list(,[\w.]+)*$/;
  const answer = await storedReport(albumsAnswer);
  // The sender's claim of a 500 does not raise the priority: only an admin does (decision in reports.ts).
  expect(answer).toMatchObject({ type: 'network_error', priority: 'media', page: '/profile' });
  const details = JSON.parse(answer.error_details ?? '{}');
  expect(details).toMatchObject({ status: 500, method: 'GET', body: 'guasto del server di prova' });
  expect(details.url).toMatch(/\/trpc\/([\w.]+,)*albums\.list/);
  expect(details.headers['content-type']).toBe('text/plain');

  await expect
    .poll(async () =>
      (await storedReports()).filter((report) => report.description.startsWith('Errore Query: albums.list')),
    )
    .toHaveLength(1);
  const [query] = (await storedReports()).filter((report) =>
    report.description.startsWith('Errore Query: albums.list'),
  );
  expect(query).toMatchObject({ type: 'api_error', priority: 'media', page: '/profile' });
  expect(query?.description).toMatch(/^Errore Query: albums\.list – /);
  // The query is retried once: the same 500 again in the same burst is not a second report. (The retry
  // may go out in a batch of other calls than the first, so its address, and its report, can differ.)
  const answers = await withDescription(albumsAnswer);
  expect(new Set(answers.map((report) => report.description)).size).toBe(answers.length);
  await context.close();
});

test('a phone that loses its connection sends no reports: requests that never get an answer are not reported', async () => {
  const { context, page } = await collectorOn();
  const sent = reportsSentBy(page);
  await page.route(trpcCallTo('albums.list'), (route) => route.abort('internetdisconnected'));
  await page.goto('/profile');
  // The query and its retry fail: the album choice says so, and a report would have gone out by then.
  await expect
    .poll(() => page.getByRole('combobox', { name: 'Album per i match' }).getAttribute('aria-invalid'))
    .toBe('true');
  // Then a real fault still goes out, so the reporter was listening.
  await throwLater(page, 'Boom dopo la rete');
  await storedReport('Boom dopo la rete');
  const aboutTheConnection = (description: string) =>
    description.includes('Connessione non riuscita') || description.includes('Failed to fetch');
  expect((await storedReports()).filter((report) => aboutTheConnection(report.description))).toEqual([]);
  await expect.poll(() => sent).toContain('Boom dopo la rete');
  expect(sent.filter(aboutTheConnection)).toEqual([]);
  await context.close();
});

test('a report made while the page is being left is held: it dies with the page, or goes out if the page stays', async () => {
  const { context, page } = await collectorOn('/');
  const sent = reportsSentBy(page);
  const startLeaving = (message: string) =>
    page.evaluate((text) => {
      // What the browser does first when the user leaves the page.
      window.dispatchEvent(new Event('beforeunload'));
      setTimeout(() => {
        throw new Error(text);
      });
    }, message);

  // The page stays (a cancelled navigation, a download): the report goes out, late.
  await startLeaving('Boom con la pagina rimasta');
  await pageCaughtUp(page);
  expect(sent).toEqual([]);
  await storedReport('Boom con la pagina rimasta');

  // The page goes: the held report goes with it (typically a request the navigation cancelled).
  await startLeaving('Boom mentre la pagina si chiude');
  await page.goto('/profile');
  await page.getByRole('heading', { name: 'Profilo', exact: true }).waitFor();
  // The old page is gone, held report and all: the new one reports at once, and nothing else came.
  await throwLater(page, 'Boom sulla pagina nuova');
  await storedReport('Boom sulla pagina nuova');
  expect(await withDescription('Boom mentre la pagina si chiude')).toEqual([]);
  expect(sent).toEqual(['Boom con la pagina rimasta', 'Boom sulla pagina nuova']);
  await context.close();
});

test('the same error thrown 5 times in a burst is stored once', async () => {
  const { context, page } = await collectorOn('/');
  await page.evaluate(() => {
    for (let i = 0; i < 5; i += 1) {
      setTimeout(() => {
        throw new Error('Boom ripetuto');
      }, i * 40);
    }
    // Thrown after the five: once it is stored, any copy of the five would be too.
    setTimeout(() => {
      throw new Error('Boom dopo la raffica');
    }, 600);
  });
  await storedReport('Boom dopo la raffica');
  await storedReport('Boom ripetuto');
  expect(await withDescription('Boom ripetuto')).toHaveLength(1);
  await context.close();
});

test('a refused login (401) is an expected outcome, not a reported error', async () => {
  const user = await registeredUser(server.url);
  const { context, page } = await newPhone();
  await context.setExtraHTTPHeaders({ 'x-forwarded-for': '10.77.1.1' });
  await page.goto('/login');
  await page.getByLabel('Nickname').fill(user.nickname);
  await page.getByLabel('Password', { exact: true }).fill('password-sbagliata');
  await page.getByRole('button', { name: 'Accedi' }).click();
  await page.getByText('Nickname o password non corretti', { exact: true }).waitFor();
  await throwLater(page, 'Boom dopo il login rifiutato');

  await storedReport('Boom dopo il login rifiutato');
  const mutations = (await storedReports()).filter((report) =>
    report.description.startsWith('Errore Mutation:'),
  );
  expect(mutations).toEqual([]);
  await context.close();
});

test("the profile's 'Segnala un problema' stores the collector's report with the page they came from", async () => {
  const { context, page, user } = await collectorOn('/');
  const tabs = page.getByRole('navigation', { name: 'Navigazione principale' });
  await tabs.getByRole('button', { name: 'Album', exact: true }).click();
  await page.waitForURL((url) => url.pathname === '/album');
  await tabs.getByRole('button', { name: 'Profilo', exact: true }).click();
  await page.getByRole('button', { name: 'Segnala un problema' }).click();

  const dialog = page.getByRole('dialog', { name: 'Segnala un problema' });
  await dialog.waitFor();
  await expect.poll(() => dialog.getByText('Schermata:').textContent()).toBe('Schermata: Album');
  // Nothing written: the form says what is missing and sends nothing.
  await dialog.getByRole('button', { name: 'Invia' }).click();
  await dialog.getByText('La descrizione è obbligatoria').waitFor();

  await dialog.getByLabel('Descrizione').fill('Le doppie non si aggiornano dopo uno scambio');
  await dialog.getByRole('button', { name: 'Invia' }).click();
  await toast(page, 'Segnalazione inviata').getByText('Grazie! La esamineremo al più presto').waitFor();
  await dialog.waitFor({ state: 'hidden' });

  const report = await storedReport('Le doppie non si aggiornano dopo uno scambio');
  expect(report).toMatchObject({ type: 'user', page: '/album', username: user.nickname, status: 'nuovo' });
  expect((await storedReports()).filter((stored) => stored.type === 'user')).toHaveLength(1);
  await context.close();
});

test('when a report cannot be sent the console warns, and the failed send is not itself reported', async () => {
  const { context, page } = await collectorOn('/');
  const warnings: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'warning') warnings.push(message.text());
  });
  await page.route('**/api/reports/error', (route) => route.abort('failed'));
  await throwLater(page, 'Boom senza rete per le segnalazioni');
  await expect
    .poll(() => warnings.some((text) => text.includes('Impossibile inviare la segnalazione di errore')))
    .toBe(true);

  await page.unroute('**/api/reports/error');
  await throwLater(page, 'Boom con la rete tornata');
  await storedReport('Boom con la rete tornata');
  const stored = await storedReports();
  expect(stored.filter((report) => report.description === 'Boom senza rete per le segnalazioni')).toEqual([]);
  expect(stored.filter((report) => report.description.includes('/api/reports/error'))).toEqual([]);
  await context.close();
});
