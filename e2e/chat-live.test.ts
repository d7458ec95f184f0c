import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { registeredUser } from '../test/support/api-client.ts';
import { matchedPair as createMatchedPair } from '../test/support/collectors.ts';
import { startTestServer, type TestServer } from '../test/support/test-server.ts';
import { pageCaughtUp, recordTrpcCalls } from './support/browser.ts';
import { type E2eServer, setUpE2eApp } from './support/e2e-app.ts';

// Two app servers on one database, as in a scaled-out deployment: each phone talks to one of them.
const { server: serverA, newPhone } = setUpE2eApp();
let serverB: TestServer;
beforeAll(async () => {
  serverB = await startTestServer({ databaseUrl: serverA.databaseUrl });
});
afterAll(async () => {
  await serverB?.close();
});

type Collector = Awaited<ReturnType<typeof registeredUser>>;

/** Two collectors nearby with a match between them, made through the API. */
const matchedPair = () => createMatchedPair(serverA);

/**
 * A phone on `server`, logged in as `user`, with the chat open; `blockStream` leaves it only the poll,
 * `clock` puts the page's timers in the test's hands (page.clock).
 */
async function chatOn(
  server: E2eServer,
  user: Collector,
  matchId: number,
  other: Collector,
  { blockStream = false, clock = false } = {},
) {
  const { context, page } = await newPhone(server);
  if (clock) await page.clock.install();
  const login = await context.request.post('/api/auth/login', {
    data: { nickname: user.nickname, password: user.password },
  });
  expect(login.status()).toBe(200);
  // The stream is refused before the screen even asks for it: only the poll is left.
  if (blockStream) await page.route('**/trpc/chat.onMessage**', (route) => route.abort());
  await page.goto(`/chat/${matchId}`);
  await page.getByRole('heading', { name: other.nickname }).waitFor();
  return { context, page };
}

/** The chat is on its live stream (ready received), or on the 5 s poll. */
const streamState = (page: Page) => page.locator('[data-live]').getAttribute('data-live');
const waitLive = (page: Page) => page.locator('[data-live="true"]').waitFor();

const input = (page: Page) => page.getByPlaceholder('Scrivi un messaggio...');
const bubble = (page: Page, text: string) =>
  page
    .getByRole('log', { name: 'Messaggi' })
    .getByRole('listitem')
    .filter({ has: page.getByText(text, { exact: true }) });

/** Types `text` in `from` and returns how long each of `to` took to show it, in ms. */
async function deliveryTimes(from: Page, text: string, to: Page[]) {
  await input(from).fill(text);
  const start = Date.now();
  await input(from).press('Enter');
  return Promise.all(
    to.map(async (page) => {
      await bubble(page, text).waitFor();
      return Date.now() - start;
    }),
  );
}

test('a message typed on one server shows in the open chat on the other server within a second', async () => {
  const { anna, bruno, matchId } = await matchedPair();
  const annaOnA = await chatOn(serverA, anna, matchId, bruno);
  const brunoOnA = await chatOn(serverA, bruno, matchId, anna);
  const brunoOnB = await chatOn(serverB, bruno, matchId, anna);
  for (const { page } of [annaOnA, brunoOnA, brunoOnB]) await waitLive(page);

  const [sameServer, otherServer] = await deliveryTimes(annaOnA.page, 'ciao Bruno, ci sei?', [
    brunoOnA.page,
    brunoOnB.page,
  ]);
  const [back] = await deliveryTimes(brunoOnB.page, 'sì, eccomi!', [annaOnA.page]);
  console.log(
    `chat delivery: same server ${sameServer} ms, across servers ${otherServer} ms and ${back} ms back`,
  );
  expect(sameServer).toBeLessThan(1000);
  expect(otherServer).toBeLessThan(1000);
  expect(back).toBeLessThan(1000);

  // The sender gets its message twice (the send reply and the stream) but shows it once.
  await bubble(brunoOnA.page, 'sì, eccomi!').waitFor();
  for (const { page } of [annaOnA, brunoOnA, brunoOnB]) {
    expect(await bubble(page, 'ciao Bruno, ci sei?').count()).toBe(1);
    expect(await bubble(page, 'sì, eccomi!').count()).toBe(1);
  }
  expect(await bubble(annaOnA.page, 'ciao Bruno, ci sei?').getAttribute('data-mine')).toBe('true');
  expect(await bubble(brunoOnB.page, 'ciao Bruno, ci sei?').getAttribute('data-mine')).toBe('false');
  for (const phone of [annaOnA, brunoOnA, brunoOnB]) await phone.context.close();
});

test('while the stream is live the chat does not poll', async () => {
  const { anna, bruno, matchId } = await matchedPair();
  const { context, page } = await chatOn(serverB, anna, matchId, bruno, { clock: true });
  await waitLive(page);
  const calls = recordTrpcCalls(page);
  // Past the 5 s poll at once; then a message, which the stream brings: a poll would have shown first.
  await page.clock.runFor(6000);
  expect((await bruno.api.post(`/api/matches/${matchId}/messages`, { content: 'eccomi' })).status).toBe(200);
  await bubble(page, 'eccomi').waitFor();
  await pageCaughtUp(page);
  expect(calls.filter((call) => call === 'chat.messages')).toEqual([]);
  await context.close();
});

test('with the stream blocked, a message still arrives through the 5 s poll', async () => {
  const { anna, bruno, matchId } = await matchedPair();
  const annaOnA = await chatOn(serverA, anna, matchId, bruno);
  const brunoOnB = await chatOn(serverB, bruno, matchId, anna, { blockStream: true });
  await waitLive(annaOnA.page);
  expect(await streamState(brunoOnB.page)).toBe('false');

  const [polled] = await deliveryTimes(annaOnA.page, 'mi ricevi lo stesso?', [brunoOnB.page]);
  console.log(`chat delivery with the stream blocked (poll): ${polled} ms`);
  expect(polled).toBeLessThanOrEqual(7000);
  expect(await streamState(brunoOnB.page)).toBe('false');

  // And the other way: what the polling phone sends reaches the live one at once.
  const [live] = await deliveryTimes(brunoOnB.page, 'sì, ogni 5 secondi', [annaOnA.page]);
  expect(live).toBeLessThan(1000);
  await annaOnA.context.close();
  await brunoOnB.context.close();
});

test("'Online ora' shows for whoever has the chat open and has written in it, on either server, never for anyone else", async () => {
  const { anna, bruno, matchId } = await matchedPair();
  // Anna has written to Bruno; Bruno has not written yet.
  expect((await anna.api.post(`/api/matches/${matchId}/messages`, { content: 'ciao Bruno' })).status).toBe(
    200,
  );
  const annaOnA = await chatOn(serverA, anna, matchId, bruno);
  await waitLive(annaOnA.page);
  // The header names Bruno and says nothing about his presence (his reputation line may follow).
  const heading = annaOnA.page.getByRole('heading', { level: 1 });
  expect(await heading.textContent()).toBe(bruno.nickname);
  const subtitle = heading.locator('..');
  expect(await subtitle.textContent()).not.toMatch(/Online ora|Attivo/);

  // Bruno, on the other server, sees Anna there: she wrote to him and has the chat open.
  const brunoOnB = await chatOn(serverB, bruno, matchId, anna);
  await brunoOnB.page.getByText('Online ora', { exact: true }).waitFor();
  // Bruno has the chat open too, but until he writes Anna learns nothing of it.
  await annaOnA.page.reload();
  await heading.waitFor();
  await bubble(annaOnA.page, 'ciao Bruno').waitFor();
  expect(await subtitle.textContent()).not.toMatch(/Online ora|Attivo/);
  await input(brunoOnB.page).fill('ciao Anna');
  await input(brunoOnB.page).press('Enter');
  await bubble(annaOnA.page, 'ciao Anna').waitFor();
  await annaOnA.page.reload();
  await annaOnA.page.getByText('Online ora', { exact: true }).waitFor();
  await brunoOnB.context.close();
  await annaOnA.context.close();
});
