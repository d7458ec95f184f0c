import type { Page, Request } from 'playwright-core';
import { beforeAll, expect, test } from 'vitest';
import { adminClient } from '../test/support/admin-client.ts';
import { registeredUser } from '../test/support/api-client.ts';
import { createAlbum, type TestAlbum } from '../test/support/catalogue.ts';
import { holdTrpcCalls, loginThroughUi, pathOf, recordTrpcCalls, toast } from './support/browser.ts';
import { setUpE2eApp } from './support/e2e-app.ts';

const { server, newPhone } = setUpE2eApp();
let album: TestAlbum;
beforeAll(async () => {
  album = await createAlbum(server.databaseUrl, { name: 'Calciatori 2026', stickers: 30 });
});

type Collector = Awaited<ReturnType<typeof registeredUser>>;
type Candidate = { id: number; compatibility: number };
type MatchItem = { id: number; user2: { id: number; nickname: string; cap: string } };

/** A collector in this CAP with these marks on the album (the first mark makes it their match album). */
async function collector(cap: string, marks: { yes?: string; double?: string }) {
  const user = await registeredUser(server.url, { cap });
  for (const [status, numbers] of Object.entries(marks)) {
    const response = await user.api.post('/api/user/stickers/bulk', { albumId: album.id, numbers, status });
    if (response.status !== 200) throw new Error(JSON.stringify(response.body));
  }
  return user;
}

async function onMatchScreen(user: Collector) {
  const { context, page } = await newPhone();
  await loginThroughUi(page, user);
  await page.getByRole('navigation', { name: 'Navigazione principale' }).getByText('Match').click();
  await page.waitForURL('**/match');
  await page.getByRole('heading', { name: 'Trova Match' }).waitFor();
  return { context, page };
}

const card = (page: Page, nickname: string) => page.getByRole('article', { name: nickname });
const slider = (page: Page) => page.getByRole('slider', { name: 'Raggio di ricerca' });

/** The radiusKm a batched tRPC GET sends to matches.potential, if it calls it. */
function potentialRadius(request: Request): number | undefined {
  const url = new URL(request.url());
  if (!url.pathname.startsWith('/trpc/')) return undefined;
  const index = url.pathname.slice('/trpc/'.length).split(',').indexOf('matches.potential');
  if (index < 0) return undefined;
  const input = JSON.parse(url.searchParams.get('input') ?? '{}') as Record<string, { radiusKm?: number }>;
  return input[String(index)]?.radiusKm;
}

const searchedRadius = (page: Page, radiusKm: number) =>
  page.waitForRequest((request) => potentialRadius(request) === radiusKm);

async function savedRadius(user: Collector) {
  return (await user.api.get<{ raggioKm: number }>('/api/auth/me')).body.raggioKm;
}

test('two collectors nearby see their swaps, a wider radius finds a farther one, and Matcha! opens the chat', async () => {
  // Giulia gives 6–10 (Marco misses them) and misses 15–19 (Marco's doubles): five 1:1 swaps.
  const giulia = await collector('20121', { yes: '1-5', double: '6-12' });
  const marco = await collector('20122', { yes: '11-14', double: '15-19' });
  const bergamo = await collector('24121', { double: '20, 21' });
  const expected = await giulia.api.get<Candidate[]>(`/api/matches/potential?albumId=${album.id}`);
  const compatibility = expected.body.find((candidate) => candidate.id === marco.id)?.compatibility;
  expect(compatibility).toBeGreaterThan(0);
  expect(compatibility).not.toBe(95);

  const { context, page } = await onMatchScreen(giulia);
  const requests: (number | undefined)[] = [];
  page.on('request', (request) => requests.push(potentialRadius(request)));
  await page.getByText('Calciatori 2026', { exact: true }).waitFor();
  await expect.poll(() => page.getByText('10 km', { exact: true }).isVisible()).toBe(true);
  const marcoCard = card(page, marco.nickname);
  await marcoCard.waitFor();
  await expect.poll(() => marcoCard.getByText('CAP 20122 · < 1 km').isVisible()).toBe(true);
  await expect.poll(() => marcoCard.getByText(`${compatibility}%`, { exact: true }).isVisible()).toBe(true);
  await expect.poll(() => marcoCard.getByText('Compatibilità').isVisible()).toBe(true);
  await expect.poll(() => marcoCard.getByText('Tu dai ↔ Ricevi').isVisible()).toBe(true);
  const exchanges = marcoCard.getByRole('list', { name: 'Scambi possibili' }).getByRole('listitem');
  expect(await exchanges.allTextContents()).toEqual(['006 ↔ 015', '007 ↔ 016', '008 ↔ 017']);
  await expect.poll(() => marcoCard.getByText('+2 altri scambi', { exact: true }).isVisible()).toBe(true);
  expect(await card(page, bergamo.nickname).count()).toBe(0);

  // Three quick steps are one search (and one save) once the thumb rests.
  requests.length = 0;
  const thirteen = searchedRadius(page, 13);
  await slider(page).focus();
  for (let step = 0; step < 3; step += 1) await page.keyboard.press('ArrowRight');
  await expect.poll(() => page.getByText('13 km', { exact: true }).isVisible()).toBe(true);
  await thirteen;
  expect(requests.filter((radius) => radius !== undefined)).toEqual([13]);
  await expect.poll(() => savedRadius(giulia)).toBe(13);
  expect(await card(page, bergamo.nickname).count()).toBe(0);

  const fifty = searchedRadius(page, 50);
  await page.keyboard.press('End');
  await fifty;
  const bergamoCard = card(page, bergamo.nickname);
  await bergamoCard.waitFor();
  await expect.poll(() => bergamoCard.getByText(/^CAP 24121 · 4\d,\d km$/).isVisible()).toBe(true);
  await expect.poll(() => savedRadius(giulia)).toBe(50);

  const held = await holdTrpcCalls(page, 'matches.create');
  await marcoCard.getByRole('button', { name: 'Matcha!' }).click();
  await marcoCard.getByRole('button', { name: 'Creando...' }).waitFor();
  expect(await bergamoCard.getByRole('button', { name: 'Matcha!' }).isDisabled()).toBe(true);
  held.release();
  const created = toast(page, 'Match creato!');
  await created.waitFor();
  expect(await created.textContent()).toContain('Ora puoi chattare con questo utente');
  await page.waitForURL(/\/chat\/\d+$/);
  const matchId = Number(pathOf(page).split('/').pop());

  const giuliaMatches = await giulia.api.get<MatchItem[]>('/api/matches');
  expect(giuliaMatches.body.map((match) => [match.id, match.user2.nickname])).toEqual([
    [matchId, marco.nickname],
  ]);
  const marcoMatches = await marco.api.get<MatchItem[]>('/api/matches');
  expect(marcoMatches.body.map((match) => [match.id, match.user2.nickname])).toEqual([
    [matchId, giulia.nickname],
  ]);

  // The radius is remembered: the next visit starts where the slider was left.
  await page.goto('/match');
  await page.getByText('50 km', { exact: true }).waitFor();
  expect(await slider(page).getAttribute('aria-valuenow')).toBe('50');
  await context.close();
});

test("Home's 'Ultimi Match' lists a new match with a way into its chat", async () => {
  const anna = await collector('20121', { double: '25' });
  const luca = await collector('20122', { double: '26' });
  const { context, page } = await onMatchScreen(anna);
  await page.getByRole('navigation', { name: 'Navigazione principale' }).getByText('Home').click();
  const latest = page.getByRole('region', { name: 'Ultimi Match' });
  await latest.getByText('Nessun match trovato', { exact: true }).waitFor();
  await latest.getByRole('link', { name: 'Trova Match' }).click();
  await page.waitForURL('**/match');

  await card(page, luca.nickname).getByRole('button', { name: 'Matcha!' }).click();
  await page.waitForURL(/\/chat\/\d+$/);
  const chatPath = pathOf(page);
  await page.getByRole('navigation', { name: 'Navigazione principale' }).getByText('Home').click();
  const item = latest.getByRole('listitem', { name: luca.nickname });
  await item.waitFor();
  await expect.poll(() => item.getByText('CAP 20122').isVisible()).toBe(true);
  await expect.poll(() => item.getByText('Match attivo').isVisible()).toBe(true);
  await item.getByRole('link', { name: 'Chatta' }).click();
  await page.waitForURL((url) => url.pathname === chatPath);
  await context.close();
});

test('where nobody is within the radius the screen says so, and widening it finds them', async () => {
  const milano = await collector('20121', { double: '27-29' });
  // Monza is about 14 km from Milan: nobody in this test database lives within 10 km of it.
  const monza = await collector('20900', { yes: '1' });
  const { context, page } = await onMatchScreen(monza);
  await page.getByText('Nessun match trovato nella tua zona', { exact: true }).waitFor();
  expect(await page.getByText('Prova ad aumentare il raggio di ricerca', { exact: true }).isVisible()).toBe(
    true,
  );
  expect(await card(page, milano.nickname).count()).toBe(0);

  const fifteen = searchedRadius(page, 15);
  await slider(page).focus();
  for (let step = 0; step < 5; step += 1) await page.keyboard.press('ArrowRight');
  await fifteen;
  const milanoCard = card(page, milano.nickname);
  await milanoCard.waitFor();
  await expect
    .poll(() => milanoCard.getByText('Può darti: 027, 028, 029', { exact: true }).isVisible())
    .toBe(true);
  expect(await page.getByText('Nessun match trovato nella tua zona').count()).toBe(0);
  await context.close();
});

test('the first search shows placeholders, and a failed one offers Riprova', async () => {
  await collector('20121', { double: '30' });
  const me = await collector('20122', { yes: '1' });
  const { context, page } = await newPhone();
  await loginThroughUi(page, me);

  // The first search waits, then fails (and so does the automatic retry) until the network is back.
  let networkBack = false;
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(
    (url) => url.pathname.startsWith('/trpc/') && url.pathname.includes('matches.potential'),
    async (route) => {
      if (networkBack) return route.continue();
      await released;
      return route.abort();
    },
  );
  await page.goto('/match');
  await page.getByRole('status', { name: 'Ricerca dei match in corso' }).waitFor();
  expect(await page.getByRole('article').count()).toBe(0);
  release();
  const failure = page.getByRole('alert').filter({ hasText: 'Riprova' });
  await failure.waitFor();
  expect(await failure.textContent()).toContain('Connessione assente: controlla la rete e riprova');

  networkBack = true;
  const calls = recordTrpcCalls(page);
  await failure.getByRole('button', { name: 'Riprova' }).click();
  await page.getByRole('article').first().waitFor();
  expect(calls).toContain('matches.potential');
  expect(await failure.count()).toBe(0);
  await context.close();
});

test("Matcha! on a collector who left meanwhile shows the server's message and stays on the screen", async () => {
  const leaving = await collector('20121', { double: '22' });
  const me = await collector('20122', { yes: '1' });
  const { context, page } = await onMatchScreen(me);
  const leavingCard = card(page, leaving.nickname);
  await leavingCard.waitFor();

  const admin = await adminClient(server.url);
  const deactivated = await admin.patch(`/api/admin/users/${leaving.id}/toggle-status`, { is_active: false });
  expect(deactivated.status).toBe(200);
  await leavingCard.getByRole('button', { name: 'Matcha!' }).click();
  const error = toast(page, 'Errore');
  await error.waitFor();
  expect(await error.textContent()).toContain('Utente non trovato');
  expect(pathOf(page)).toBe('/match');
  expect(await leavingCard.getByRole('button', { name: 'Matcha!' }).isEnabled()).toBe(true);
  expect((await me.api.get<MatchItem[]>('/api/matches')).body).toEqual([]);
  await context.close();
});
