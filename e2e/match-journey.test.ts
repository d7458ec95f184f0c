import type { Locator, Page, Request } from 'playwright-core';
import { beforeAll, expect, test } from 'vitest';
import { openDatabase } from '../src/server/db/orm.ts';
import { registeredUser } from '../test/support/api-client.ts';
import { classifyStickers, createAlbum, type TestAlbum } from '../test/support/catalogue.ts';
import { seedCollector } from '../test/support/collectors.ts';
import { setUpAdmin } from './support/admin-login.ts';
import { seriousAxeViolations } from './support/axe.ts';
import { holdTrpcCalls, pathOf, recordTrpcCalls, toast } from './support/browser.ts';
import { setUpE2eApp } from './support/e2e-app.ts';

const app = setUpE2eApp();
const { server, phoneOf } = app;
const { admin } = setUpAdmin(app);
let album: TestAlbum;
beforeAll(async () => {
  album = await createAlbum(server.databaseUrl, { name: 'Calciatori 2026', stickers: 30 });
});

type Collector = Awaited<ReturnType<typeof registeredUser>>;
type MatchItem = { id: number; user2: { id: number; nickname: string } };

/** A collector in this CAP with these marks on the album (the first mark makes it their match album). */
async function collector(cap: string, marks: { yes?: string; double?: string }, on: TestAlbum = album) {
  const user = await registeredUser(server.url, { cap });
  for (const [status, numbers] of Object.entries(marks)) {
    const response = await user.api.post('/api/user/stickers/bulk', { albumId: on.id, numbers, status });
    if (response.status !== 200) throw new Error(JSON.stringify(response.body));
  }
  return user;
}

/** Asks for no inbox stream: once connected, its 'ready' event asks the search again, at any moment. */
async function withoutInboxStream(page: Page) {
  await page.route(
    (url) => url.pathname.startsWith('/trpc/') && url.pathname.includes('chat.onInbox'),
    (route) => route.abort(),
  );
}

/**
 * The match screen, without the inbox stream: its search again would count as a search of the
 * slider's and take away a card whose collector has just left.
 */
async function onMatchScreen(user: Collector) {
  const { context, page } = await phoneOf(user);
  await withoutInboxStream(page);
  await page.goto('/match');
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

  const { context, page } = await onMatchScreen(giulia);
  const requests: (number | undefined)[] = [];
  page.on('request', (request) => requests.push(potentialRadius(request)));
  await page.getByText('Calciatori 2026', { exact: true }).waitFor();
  await expect.poll(() => page.getByText('10 km', { exact: true }).isVisible()).toBe(true);
  const marcoCard = card(page, marco.nickname);
  await marcoCard.waitFor();
  // Where Marco is, never his CAP (issue 43): one comune, 0 km.
  await expect
    .poll(() => marcoCard.getByText('Milano · nel tuo comune', { exact: true }).isVisible())
    .toBe(true);
  expect(await marcoCard.textContent()).not.toMatch(/CAP|\b20122\b/);
  // One measure people understand (issue 48, row 1): the counts lead, no percentage of two meanings.
  await expect.poll(() => marcoCard.getByText('Ti dà 5 · Gli dai 5', { exact: true }).isVisible()).toBe(true);
  expect(await marcoCard.textContent()).not.toMatch(/%|Compatibilità/);
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
  await expect.poll(() => bergamoCard.getByText('Bergamo · 45 km', { exact: true }).isVisible()).toBe(true);
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
  await expect.poll(() => item.getByText('Milano · nel tuo comune', { exact: true }).isVisible()).toBe(true);
  expect(await item.textContent()).not.toMatch(/CAP|\b20122\b/);
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
  const { context, page } = await phoneOf(me);

  // The inbox stream, once connected, asks the search again (its 'ready' event): here that would race
  // 'Riprova' once the network is back, so this page never gets the stream.
  await withoutInboxStream(page);
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

test("a card opens to the full lists of what I give and what I receive, and '+N altri scambi' is the way in", async () => {
  // Seven of Sara's doubles Teo misses (6–10, 20, 21), five of his she misses (15–19): five 1:1 swaps.
  const sara = await collector('00184', { yes: '1-5', double: '6-10, 20, 21' });
  const teo = await collector('00185', { yes: '11-14', double: '15-19' });
  const { context, page } = await onMatchScreen(sara);
  const teoCard = card(page, teo.nickname);
  await teoCard.waitFor();
  const toggle = teoCard.getByRole('button', { name: '+2 altri scambi' });
  expect(await toggle.getAttribute('aria-expanded')).toBe('false');
  expect(await teoCard.getByRole('list', { name: 'Tu dai' }).count()).toBe(0);

  await toggle.click();
  const give = teoCard.getByRole('list', { name: 'Tu dai' }).getByRole('listitem');
  const receive = teoCard.getByRole('list', { name: 'Ricevi' }).getByRole('listitem');
  await give.first().waitFor();
  expect(await give.allTextContents()).toEqual(
    ['006', '007', '008', '009', '010', '020', '021'].map((n) => `${n}Giocatore ${Number(n)}`),
  );
  expect(await receive.allTextContents()).toEqual(
    ['015', '016', '017', '018', '019'].map((n) => `${n}Giocatore ${Number(n)}`),
  );
  await expect.poll(() => teoCard.getByText('Tu dai · 7', { exact: true }).isVisible()).toBe(true);
  await expect.poll(() => teoCard.getByText('Ricevi · 5', { exact: true }).isVisible()).toBe(true);

  const close = teoCard.getByRole('button', { name: 'Mostra meno' });
  expect(await close.getAttribute('aria-expanded')).toBe('true');
  await close.click();
  await teoCard.getByRole('list', { name: 'Tu dai' }).waitFor({ state: 'detached' });
  await expect.poll(() => toggle.isVisible()).toBe(true);
  await context.close();
});

test("a collector I already have a match with shows 'Già in contatto' and 'Apri chat', never a second 'Match creato!'", async () => {
  const nina = await collector('00184', { double: '23' });
  const ugo = await collector('00185', { double: '24' });
  const { context, page } = await onMatchScreen(nina);
  await card(page, ugo.nickname).getByRole('button', { name: 'Matcha!' }).click();
  const created = toast(page, 'Match creato!');
  await created.waitFor();
  await page.waitForURL(/\/chat\/\d+$/);
  const chatPath = pathOf(page);
  // The toast never covers what it announces (issue 48, row 7): the chat's ready-made first message.
  const composer = page.getByRole('textbox', { name: /messaggio/i });
  await composer.waitFor();
  const [toastBox, composerBox] = await Promise.all([created.boundingBox(), composer.boundingBox()]);
  if (!toastBox || !composerBox) throw new Error('the toast and the composer are on the screen');
  expect(
    toastBox.y + toastBox.height <= composerBox.y || composerBox.y + composerBox.height <= toastBox.y,
  ).toBe(true);
  await created.getByRole('button', { name: 'Chiudi notifica' }).click();
  await created.waitFor({ state: 'detached' });

  await page.getByRole('navigation', { name: 'Navigazione principale' }).getByText('Match').click();
  const ugoCard = card(page, ugo.nickname);
  await ugoCard.getByText('Già in contatto', { exact: true }).waitFor();
  expect(await ugoCard.getByRole('button', { name: 'Matcha!' }).count()).toBe(0);
  await ugoCard.getByRole('link', { name: 'Apri chat' }).click();
  await page.waitForURL((url) => url.pathname === chatPath);
  await page.getByRole('heading', { name: ugo.nickname }).waitFor();
  expect(await toast(page, 'Match creato!').count()).toBe(0);
  expect((await nina.api.get<MatchItem[]>('/api/matches')).body).toHaveLength(1);

  // The match is the pair's: Ugo finds Nina 'Già in contatto' too, after a fresh login.
  const { context: ugoContext, page: ugoPage } = await onMatchScreen(ugo);
  const ninaCard = card(ugoPage, nina.nickname);
  await ninaCard.getByText('Già in contatto', { exact: true }).waitFor();
  await ninaCard.getByRole('link', { name: 'Apri chat' }).click();
  await ugoPage.waitForURL((url) => url.pathname === chatPath);
  await ugoContext.close();
  await context.close();
});

test("at 390 px a card shows 'Proponi scambio' whole beside 'Matcha!' and 'Nessun voto · 0 scambi' on one line", async () => {
  const eva = await collector('20121', { double: '27' });
  const teo = await collector('20122', { double: '28' });
  const { context, page } = await onMatchScreen(eva);
  const teoCard = card(page, teo.nickname);
  await teoCard.getByRole('button', { name: 'Matcha!' }).waitFor();
  const propose = teoCard.getByRole('button', { name: 'Proponi scambio' });
  const label = propose.locator('.mantine-Button-label');
  expect(await label.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
  const reputation = teoCard.getByText('Nessun voto · 0 scambi');
  const lines = await reputation.evaluate(
    (element) =>
      element.getBoundingClientRect().height / Number.parseFloat(getComputedStyle(element).lineHeight),
  );
  expect(lines).toBeLessThan(1.5);
  await context.close();
});

test('from the moment the radius changes until the new answer, the list says it is searching (no stale count)', async () => {
  const here = await collector('09124', { yes: '1', double: '2' });
  const near = await collector('09125', { double: '3' });
  const { context, page } = await phoneOf(here);
  await page.clock.install();
  await page.goto('/match');
  await card(page, near.nickname).waitFor();
  const count = page.getByText('1 collezionista trovato', { exact: true });
  await expect.poll(() => count.isVisible()).toBe(true);
  const results = page.getByLabel('Collezionisti trovati');
  expect(await results.getAttribute('aria-busy')).toBe('false');

  // Time stands still: the slider's 400 ms rest never ends, so no search for 11 km goes out.
  const requests: (number | undefined)[] = [];
  page.on('request', (request) => requests.push(potentialRadius(request)));
  await page.clock.pauseAt(Date.now() + 60_000);
  await slider(page).focus();
  await page.keyboard.press('ArrowRight');
  await page.getByText('11 km', { exact: true }).waitFor();
  await page.getByText('Ricerca in corso…', { exact: true }).waitFor();
  expect(await results.getAttribute('aria-busy')).toBe('true');
  expect(await count.count()).toBe(0);
  expect(requests.filter((radius) => radius !== undefined)).toEqual([]);

  // Time goes on: one search for 11 km, and the list is itself again.
  const eleven = searchedRadius(page, 11);
  await page.clock.resume();
  await eleven;
  await count.waitFor();
  await page.getByText('Ricerca in corso…').waitFor({ state: 'detached' });
  expect(await results.getAttribute('aria-busy')).toBe('false');
  await context.close();
});

test('the radius slider’s thumb is a 44×44 px tap target, inside the page’s margin at 50 km', async () => {
  const me = await collector('20121', { yes: '1' });
  const { context, page } = await onMatchScreen(me);
  const box = await slider(page).boundingBox();
  expect(box?.width).toBeGreaterThanOrEqual(44);
  expect(box?.height).toBeGreaterThanOrEqual(44);
  await slider(page).focus();
  await page.keyboard.press('End');
  await expect.poll(() => page.getByText('50 km', { exact: true }).isVisible()).toBe(true);
  // The content's right edge is where the 'Scambi' button ends.
  const edge = await page.getByRole('link', { name: 'Scambi' }).boundingBox();
  const atFifty = await slider(page).boundingBox();
  expect((atFifty?.x ?? 0) + (atFifty?.width ?? 0)).toBeLessThanOrEqual(
    (edge?.x ?? 0) + (edge?.width ?? 0) + 0.5,
  );
  await context.close();
});

const cardOrder = (page: Page) =>
  page.getByRole('article').evaluateAll((cards) => cards.map((card) => card.getAttribute('aria-label')));

test("a card says why (both counts, the figure in words), the ranking switches to 'Più mancanti mie', and nothing to give offers no 'Proponi scambio'", async () => {
  const own = await createAlbum(server.databaseUrl, { name: 'Ordine 2026', stickers: 30 });
  const anna = await collector('20121', { yes: '1-5', double: '6-8' }, own);
  // Two 1:1 swaps (they miss my 6–8, I miss their 15–16) against ten stickers for me and nothing they miss.
  const swapper = await collector('20122', { double: '15, 16' }, own);
  const giver = await collector('20122', { yes: '6-8', double: '10-19' }, own);
  const { context, page } = await onMatchScreen(anna);
  const swapperCard = card(page, swapper.nickname);
  const giverCard = card(page, giver.nickname);
  await giverCard.waitFor();
  await expect.poll(() => cardOrder(page)).toEqual([swapper.nickname, giver.nickname]);
  await expect
    .poll(() => swapperCard.getByText('Ti dà 2 · Gli dai 3', { exact: true }).isVisible())
    .toBe(true);
  await expect
    .poll(() => giverCard.getByText('Ti dà 10 · Gli dai 0', { exact: true }).isVisible())
    .toBe(true);
  expect(await swapperCard.getByRole('button', { name: /Proponi/ }).count()).toBe(1);
  expect(await giverCard.getByRole('button', { name: /Proponi/ }).count()).toBe(0);

  await page.getByText('Più mancanti mie', { exact: true }).click();
  await expect.poll(() => cardOrder(page)).toEqual([giver.nickname, swapper.nickname]);
  await context.close();
});

test('a new collector with nothing marked is guided to mark what they have in Home’s album, not to the profile', async () => {
  const newcomer = await registeredUser(server.url, { cap: '20121' });
  const { context, page } = await onMatchScreen(newcomer);
  await page.getByText('Segna prima le figurine che hai').waitFor();
  expect(await page.getByRole('link', { name: 'Vai al profilo' }).count()).toBe(0);
  await page.getByRole('link', { name: 'Segna le tue figurine' }).click();
  await page.waitForURL(/\/album\/\d+$/);
  await context.close();
});

const crowdName = (slot: number) => `FOLLA${String(slot).padStart(2, '0')}`;

test("more than a page: 'I 50 più adatti entro 10 km', 'Mostra altri' brings the rest, then says there are no others", async () => {
  const crowded = await createAlbum(server.databaseUrl, { stickers: 60 });
  const me = await collector('09131', { yes: '60' }, crowded);
  // 55 collectors where I am, each with a double I miss: ranked alike, so by id.
  const orm = await openDatabase(server.databaseUrl);
  try {
    const em = orm.em.fork();
    for (let slot = 0; slot < 55; slot++) {
      await seedCollector(em, {
        nickname: crowdName(slot),
        cap: '09131',
        albumId: crowded.id,
        marks: [{ slot, status: 'double' }],
      });
    }
  } finally {
    await orm.close();
  }
  const { context, page } = await onMatchScreen(me);
  const cards = page.getByLabel('Collezionisti trovati').getByRole('article');
  await page.getByText('I 50 più adatti entro 10 km', { exact: true }).waitFor();
  expect(await cards.count()).toBe(50);
  await page.getByRole('button', { name: 'Mostra altri' }).click();
  await page.getByText('55 collezionisti trovati', { exact: true }).waitFor();
  expect(await cards.count()).toBe(55);
  // Each once, in the order of their ids (equal counts, one place).
  const names = await cards.evaluateAll((articles) =>
    articles.map((article) => article.getAttribute('aria-label')),
  );
  expect(names).toEqual(Array.from({ length: 55 }, (_, slot) => crowdName(slot)));
  await page.getByText('Non ci sono altri collezionisti entro 10 km.', { exact: true }).waitFor();
  expect(await page.getByRole('button', { name: 'Mostra altri' }).count()).toBe(0);
  await context.close();
});

test("like for like: a speciale does not pair with a normale until 'Scambia anche speciali con normali', which is remembered and opens the chooser on the mixed pairs", async () => {
  const own = await createAlbum(server.databaseUrl, { name: 'Speciali 2026', stickers: 30 });
  await classifyStickers(server.databaseUrl, own.id, {
    speciale: ['21', '22', '23', '24', '25', '26', '27', '28', '29', '30'],
  });
  // Anna's doubles are two speciali Bruno misses; Bruno's, two normali Anna misses; Carla has a speciale.
  const anna = await collector('20121', { yes: '1-5', double: '21, 22' }, own);
  const bruno = await collector('20122', { double: '6, 7' }, own);
  const carla = await collector('20122', { yes: '21', double: '23' }, own);
  const { context, page } = await onMatchScreen(anna);
  const mix = page.getByRole('switch', { name: 'Scambia anche speciali con normali' });
  const brunoCard = card(page, bruno.nickname);
  await brunoCard.waitFor();
  expect(await mix.isChecked()).toBe(false);
  // Carla's speciale for one of mine: one swap like for like, ranked before Bruno's none.
  await expect.poll(() => cardOrder(page)).toEqual([carla.nickname, bruno.nickname]);
  // The pairs as the card shows them, one a line: innerText, not the nodes' text run together.
  const pairsShown = (cardOf: Locator) =>
    // biome-ignore lint/performance/useDomNodeTextContent: the text as shown, line by line
    cardOf.getByRole('list', { name: 'Scambi possibili' }).innerText();
  await expect.poll(() => pairsShown(card(page, carla.nickname))).toMatch(/^0*22 ↔ 0*23$/);
  expect(await brunoCard.getByText('Ti dà 2 · Gli dai 2', { exact: true }).isVisible()).toBe(true);
  expect(
    await brunoCard
      .getByText('Le vostre doppie non sono dello stesso tipo: normali con normali, speciali con speciali')
      .isVisible(),
  ).toBe(true);
  expect(await seriousAxeViolations(page)).toEqual([]);

  await mix.click();
  await expect.poll(() => pairsShown(brunoCard).catch(() => '')).toMatch(/^0*21 ↔ 0*6\s+0*22 ↔ 0*7$/);
  await expect.poll(() => cardOrder(page)).toEqual([bruno.nickname, carla.nickname]);
  await expect
    .poll(async () => (await anna.api.get<{ mixSpecialKinds: boolean }>('/api/auth/me')).body.mixSpecialKinds)
    .toBe(true);

  // The chooser starts from the same pairs, each speciale marked.
  await brunoCard.getByRole('button', { name: 'Proponi scambio' }).click();
  const dialog = page.getByRole('dialog', { name: `Proponi scambio a ${bruno.nickname}` });
  const give = dialog.getByRole('group', { name: /^Do:/ });
  // The choice is made once the lists are in: polled, as the boxes show a moment before they are ticked.
  await expect.poll(() => give.getByRole('checkbox', { checked: true }).count()).toBe(2);
  await expect
    .poll(() =>
      dialog
        .getByRole('group', { name: /^Ricevo:/ })
        .getByRole('checkbox', { checked: true })
        .count(),
    )
    .toBe(2);
  expect(await give.getByText('Speciale', { exact: true }).count()).toBe(2);
  await context.close();

  // Remembered: the next visit starts with the switch on.
  const again = await onMatchScreen(anna);
  await card(again.page, bruno.nickname).waitFor();
  expect(
    await again.page.getByRole('switch', { name: 'Scambia anche speciali con normali' }).isChecked(),
  ).toBe(true);
  await again.context.close();
});
