import type { Locator, Page } from 'playwright-core';
import { expect, test } from 'vitest';
import { italianMonth } from '../src/rpc/schemas/age-band-rule.ts';
import { type ApiClient, registeredUser } from '../test/support/api-client.ts';
import { createAlbum } from '../test/support/catalogue.ts';
import { makeCandidates, matchedPair } from '../test/support/collectors.ts';
import { sql } from '../test/support/sql.ts';
import { seriousAxeViolations } from './support/axe.ts';
import { holdTrpcCalls } from './support/browser.ts';
import { setUpE2eApp } from './support/e2e-app.ts';

// Home: the collection's counters, then the matches with their latest message and the unread badges.

const { server, phoneOf } = setUpE2eApp();

const LABELS = ['Possedute', 'Doppie', 'Mancanti'] as const;

const counter = (where: Page | Locator, label: (typeof LABELS)[number]) =>
  where.getByRole('group', { name: label, exact: true });

/** The three figures as Home shows them, e.g. `{ Possedute: '2', Doppie: '3', Mancanti: '8' }`. */
async function counters(page: Page | Locator) {
  const entries = await Promise.all(
    LABELS.map(async (label) => {
      const text = (await counter(page, label).textContent()) ?? '';
      return [label, text.replace(label, '').trim()] as const;
    }),
  );
  return Object.fromEntries(entries);
}

async function markInBulk(api: ApiClient, albumId: number, numbers: string, status: 'yes' | 'double') {
  const response = await api.post<{ unknown: string[] }>('/api/user/stickers/bulk', {
    albumId,
    numbers,
    status,
  });
  expect(response.status).toBe(200);
  expect(response.body.unknown).toEqual([]);
}

type Collector = Awaited<ReturnType<typeof registeredUser>>;

async function onHome(user: Collector) {
  const { context, page } = await phoneOf(user);
  await page.goto('/');
  await page.getByRole('heading', { name: `Ciao, ${user.nickname}!` }).waitFor();
  return { context, page };
}

test("a newcomer sees the catalogue's first album, nothing collected yet, after a placeholder while it loads", async () => {
  const first = await createAlbum(server.databaseUrl, {
    name: 'Il primo album',
    stickers: 12,
    position: 'first',
  });
  const user = await registeredUser(server.url);
  const { context, page } = await phoneOf(user);
  const summary = await holdTrpcCalls(page, 'collection.summary');
  await page.goto('/');
  for (const label of LABELS) {
    await counter(page, label).waitFor();
    expect(await counter(page, label).getAttribute('aria-busy'), label).toBe('true');
    expect(await counter(page, label).textContent(), label).not.toMatch(/\d/);
  }
  await expect.poll(() => summary.held).toBeGreaterThan(0);
  summary.release();
  await page.locator('[aria-busy="true"]').first().waitFor({ state: 'detached' });
  const counted = page.getByRole('region', { name: first.name });
  expect(await counted.getByRole('heading', { name: first.name }).isVisible()).toBe(true);
  expect(await counters(counted)).toEqual({ Possedute: '0', Doppie: '0', Mancanti: '12' });
  // Nothing marked: a search would find nothing, so Home sends them to mark first.
  await page.getByText('Segna prima le figurine che hai').waitFor();
  expect(await page.getByRole('link', { name: 'Trova Match' }).count()).toBe(0);
  await page.getByRole('link', { name: 'Segna le tue figurine' }).click();
  // The album's name on its own line, its four tools below it with their words.
  const name = page.getByRole('heading', { name: first.name, exact: true });
  await name.waitFor();
  const tools = page.getByRole('group', { name: 'Strumenti album' });
  expect(await tools.textContent()).toBe('InserisciCondividiDal vivoStatistiche');
  const [nameBox, toolsBox] = await Promise.all([name.boundingBox(), tools.boundingBox()]);
  expect(toolsBox?.y).toBeGreaterThanOrEqual((nameBox?.y ?? 0) + (nameBox?.height ?? 0));
  // Each state has one name: the filter says 'Possedute' as Home's counter does, all four shown whole.
  const filters = page.getByRole('radiogroup', { name: 'Filtra le figurine' });
  expect(await filters.textContent()).toBe('TuttePosseduteMancantiDoppie');
  expect(await filters.evaluate((box) => box.scrollWidth <= box.clientWidth)).toBe(true);
  await context.close();
});

test('the counters count one album, named above them: the one I chose for matches', async () => {
  const calciatori = await createAlbum(server.databaseUrl, { name: 'Calciatori di prova', stickers: 10 });
  const figurine = await createAlbum(server.databaseUrl, {
    name: 'Figurine speciali',
    stickers: ['1', '2', '3', 'SPE 1', 'SPE 2'].map((number) => ({
      number,
      name: `Figurina ${number}`,
      team: '',
    })),
  });
  const user = await registeredUser(server.url);
  // The first marks choose the album for matches.
  await markInBulk(user.api, calciatori.id, '1-4', 'yes');
  await markInBulk(user.api, calciatori.id, '5, 6', 'double');
  await markInBulk(user.api, figurine.id, 'SPE 2', 'double');

  const { context, page } = await onHome(user);
  const counted = page.getByRole('region', { name: calciatori.name });
  await counted.getByRole('heading', { name: calciatori.name }).waitFor();
  await counter(counted, 'Possedute').getByText('6', { exact: true }).waitFor();
  // 4 + 2 of 10 owned (the doubles are stickers I have too), 2 doubles, 4 missing.
  expect(await counters(counted)).toEqual({ Possedute: '6', Doppie: '2', Mancanti: '4' });

  // Another album chosen (elsewhere: here the API) is the one counted on the next visit.
  const me = { nickname: user.nickname, cap: user.cap, albumSelezionato: figurine.id };
  expect((await user.api.put('/api/user/profile', me)).status).toBe(200);
  await page.reload();
  const other = page.getByRole('region', { name: figurine.name });
  await counter(other, 'Mancanti').getByText('4', { exact: true }).waitFor();
  expect(await counters(other)).toEqual({ Possedute: '1', Doppie: '1', Mancanti: '4' });

  await markInBulk(user.api, figurine.id, '1-3, SPE 1', 'yes');
  await page.reload();
  await counter(other, 'Mancanti').getByText('0', { exact: true }).waitFor();
  expect(await counters(other)).toEqual({ Possedute: '5', Doppie: '1', Mancanti: '0' });
  await context.close();
});

test('when the figures cannot be loaded the counters show a dash, not a misleading 0', async () => {
  const user = await registeredUser(server.url);
  const { context, page } = await phoneOf(user);
  await page.route(
    (url) => url.pathname.startsWith('/trpc/') && url.pathname.includes('collection.summary'),
    (route) => route.abort('connectionrefused'),
  );
  await page.goto('/');
  await counter(page, 'Doppie').getByText('–', { exact: true }).waitFor({ timeout: 15_000 });
  expect(await counters(page)).toEqual({ Possedute: '–', Doppie: '–', Mancanti: '–' });
  await context.close();
});

// Unread messages.

/** A phone logged in as `user` on `path`, once the app listens for new messages (its inbox stream). */
async function phoneOn(user: Collector, path: string) {
  const { context, page } = await phoneOf(user);
  const inbox = page.waitForRequest((request) => request.url().includes('/trpc/chat.onInbox'));
  await page.goto(path);
  await inbox;
  return { context, page };
}

async function send(user: Collector, matchId: number, content: string) {
  const response = await user.api.post(`/api/matches/${matchId}/messages`, { content });
  expect(response.status).toBe(200);
}

async function unreadOnServer(user: Collector, matchId: number) {
  const matches = (await user.api.get<{ id: number; unreadCount: number }[]>('/api/matches')).body;
  return matches.find((match) => match.id === matchId)?.unreadCount;
}

const tabBar = (page: Page) => page.getByRole('navigation', { name: 'Navigazione principale' });
const matchTab = (page: Page) => tabBar(page).getByRole('button', { name: /Match/ });
const badgeLabel = (page: Page) =>
  matchTab(page)
    .getByRole('img')
    .evaluateAll((badges) => badges.map((badge) => badge.getAttribute('aria-label')));

test('the Match tab shows unread messages the moment the other collector writes, on any screen, until they are read', async () => {
  const { anna, bruno, matchId } = await matchedPair(server);
  const { context, page } = await phoneOn(anna, '/album');
  await tabBar(page).waitFor();
  expect(await badgeLabel(page)).toEqual([]);

  // Live: well before the 15 s fallback poll could bring it.
  await send(bruno, matchId, 'ciao Anna, ho la 12');
  await expect.poll(() => badgeLabel(page)).toEqual(['1 messaggio non letto']);
  await send(bruno, matchId, 'e anche la 14');
  await expect.poll(() => badgeLabel(page)).toEqual(['2 messaggi non letti']);
  expect(await matchTab(page).getByRole('img').textContent()).toBe('2');

  // The Match screen says where they are.
  await matchTab(page).click();
  const unread = page.getByRole('region', { name: 'Nuovi messaggi' });
  const link = unread.getByRole('link', { name: new RegExp(bruno.nickname) });
  await link.waitFor();
  expect(await link.textContent()).toContain('e anche la 14');

  // Reading the chat clears the badge, and it stays cleared once the chat is left, even before the
  // server has heard that it was read (a slow network).
  const markRead = await holdTrpcCalls(page, 'chat.markRead');
  await link.click();
  await page.waitForURL((url) => url.pathname === `/chat/${matchId}`);
  await page.getByRole('log', { name: 'Messaggi' }).getByText('e anche la 14', { exact: true }).waitFor();
  await expect.poll(() => badgeLabel(page)).toEqual([]);
  await tabBar(page).getByRole('button', { name: 'Home' }).click();
  await page.getByRole('region', { name: 'Ultimi Match' }).getByRole('listitem').first().waitFor();
  expect(await badgeLabel(page)).toEqual([]);
  markRead.release();
  await expect.poll(() => unreadOnServer(anna, matchId)).toBe(0);
  expect(await badgeLabel(page)).toEqual([]);
  expect(await page.getByRole('region', { name: 'Nuovi messaggi' }).count()).toBe(0);
  await context.close();
});

test("Home lists each match with its latest message, 'Tu: ' before mine, the latest conversation first", async () => {
  const { anna, bruno, matchId } = await matchedPair(server);
  const { context, page } = await phoneOn(anna, '/');
  const latest = page.getByRole('region', { name: 'Ultimi Match' });
  const item = latest.getByRole('listitem', { name: bruno.nickname });
  await item.getByText('Nessun messaggio ancora', { exact: true }).waitFor();

  await send(bruno, matchId, 'Ci vediamo sabato in piazza?');
  await item.getByText('Ci vediamo sabato in piazza?', { exact: true }).waitFor();
  await send(anna, matchId, 'Perfetto, porto le doppie');
  await item.getByText('Tu: Perfetto, porto le doppie', { exact: true }).waitFor();

  // A long message is cut to one line, not the card's height.
  const long = `Ecco la lista completa delle mie doppie: ${'012, 015, 018, 020, '.repeat(20)}`;
  await send(bruno, matchId, long);
  const preview = item.getByText(/^Ecco la lista completa/);
  await preview.waitFor();
  const { lineHeight, height } = await preview.evaluate((element) => ({
    lineHeight: Number.parseFloat(getComputedStyle(element).lineHeight),
    height: element.getBoundingClientRect().height,
  }));
  expect(height).toBeLessThan(lineHeight * 1.5);

  // A newer match comes first, until the older one has a newer message.
  const carla = await registeredUser(server.url);
  await makeCandidates(server, anna, carla);
  expect((await anna.api.post('/api/matches', { user2Id: carla.id })).status).toBe(200);
  const names = () =>
    latest.getByRole('listitem').evaluateAll((items) => items.map((li) => li.getAttribute('aria-label')));
  await page.reload();
  await expect.poll(names).toEqual([carla.nickname, bruno.nickname]);
  await send(bruno, matchId, 'Allora a sabato!');
  await expect.poll(names).toEqual([bruno.nickname, carla.nickname]);
  await context.close();
});

test('unread badges are round and readable: one digit in a circle, its text at least 12 px', async () => {
  const { anna, bruno, matchId } = await matchedPair(server);
  await send(bruno, matchId, 'ciao Anna');
  const { context, page } = await phoneOn(anna, '/match');
  const tabBadge = matchTab(page).getByRole('img', { name: '1 messaggio non letto' });
  const chatBadge = page
    .getByRole('region', { name: 'Nuovi messaggi' })
    .getByRole('img', { name: '1 messaggio non letto' });
  await tabBadge.waitFor();
  await chatBadge.waitFor();
  for (const badge of [tabBadge, chatBadge]) {
    const box = await badge.boundingBox();
    expect(Math.abs((box?.width ?? 0) - (box?.height ?? 0))).toBeLessThanOrEqual(0.5);
    expect(box?.height).toBeGreaterThanOrEqual(20);
    expect(
      await badge.evaluate((element) => Number.parseFloat(getComputedStyle(element).fontSize)),
    ).toBeGreaterThanOrEqual(12);
  }
  await context.close();
});

test("a birthday's new band: Home says once what changes, until 'Ho capito'", async () => {
  // Seventeen and two months: a year on, eighteen whatever today's month.
  const today = italianMonth(new Date());
  const months = today.year * 12 + today.month - 1 - 17 * 12 - 2;
  const teen = await registeredUser(server.url, {
    birthYear: Math.floor(months / 12),
    birthMonth: (months % 12) + 1,
  });
  // The eighteenth birthday comes (as if a year had passed).
  await sql(server.databaseUrl, 'update app_user set birth_year = birth_year - 1 where id = $1', [teen.id]);
  const { context, page } = await phoneOf(teen);
  await page.goto('/');
  const notice = page.getByRole('status').filter({ hasText: 'Ora sei maggiorenne' });
  await notice
    .getByText('con chi ha meno di 18 anni si scambia solo con una proposta', { exact: false })
    .waitFor();
  expect(await seriousAxeViolations(page)).toEqual([]);
  await notice.getByRole('button', { name: 'Ho capito' }).click();
  await notice.waitFor({ state: 'detached' });
  await page.reload();
  await page.getByRole('heading', { name: `Ciao, ${teen.nickname}!` }).waitFor();
  await expect.poll(() => notice.count()).toBe(0);
  expect((await teen.api.get('/api/auth/me')).body).toMatchObject({ ageBand: '18+', ageBandRose: null });
  await context.close();
});
