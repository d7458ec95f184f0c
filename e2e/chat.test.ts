import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { registeredUser } from '../test/support/api-client.ts';
import { matchedPair as createMatchedPair } from '../test/support/collectors.ts';
import { sql } from '../test/support/sql.ts';
import { startTestServer, type TestServer } from '../test/support/test-server.ts';
import { seriousAxeViolations } from './support/axe.ts';
import { pageCaughtUp, pathOf, recordTrpcCalls, toast } from './support/browser.ts';
import { type E2eServer, setUpE2eApp } from './support/e2e-app.ts';
import { keptOnDevice } from './support/kept-on-device.ts';

// The chat screen, and its live delivery: a second app server on the same database, as in a scaled-out
// deployment, where each phone talks to one of the two.
const { server, phoneOf } = setUpE2eApp();
let serverB: TestServer;
beforeAll(async () => {
  serverB = await startTestServer({ databaseUrl: server.databaseUrl });
});
afterAll(async () => {
  await serverB?.close();
});

type Collector = Awaited<ReturnType<typeof registeredUser>>;
type Message = { id: number; senderId: number; content: string; createdAt: string };

/** Two collectors nearby with a match between them, made through the API. */
const matchedPair = () => createMatchedPair(server);

async function send(user: Collector, matchId: number, content: string) {
  const response = await user.api.post<Message>(`/api/matches/${matchId}/messages`, { content });
  expect(response.status).toBe(200);
  return response.body;
}

const messagesOf = async (user: Collector, matchId: number) =>
  (await user.api.get<Message[]>(`/api/matches/${matchId}/messages`)).body;

/**
 * A phone on `on`, logged in as `user`, with the chat open; `blockStream` leaves it only the poll,
 * `clock` puts the page's timers in the test's hands (page.clock).
 */
async function chatOn(
  on: E2eServer,
  user: Collector,
  matchId: number,
  other: Collector,
  { blockStream = false, clock = false } = {},
) {
  const { context, page } = await phoneOf(user, on);
  if (clock) await page.clock.install();
  // The stream is refused before the screen even asks for it: only the poll is left.
  if (blockStream) await page.route('**/trpc/chat.onMessage**', (route) => route.abort());
  await page.goto(`/chat/${matchId}`);
  await page.getByRole('heading', { name: other.nickname }).waitFor();
  return { context, page };
}

const openChat = (user: Collector, matchId: number, other: Collector) => chatOn(server, user, matchId, other);

const log = (page: Page) => page.getByRole('log', { name: 'Messaggi' });
const input = (page: Page) => page.getByPlaceholder('Scrivi un messaggio...');
const bubble = (page: Page, text: string) =>
  log(page)
    .getByRole('listitem')
    .filter({ has: page.getByText(text, { exact: true }) });

/** hh:mm as the phone (it-IT, Europe/Rome) shows it. */
const romeTime = (iso: string) =>
  new Intl.DateTimeFormat('it-IT', { hour: '2-digit', minute: '2-digit', timeZone: 'Europe/Rome' }).format(
    new Date(iso),
  );

test('an empty chat invites to start; Enter and the Invia button send the trimmed text', async () => {
  const { anna, bruno, matchId } = await matchedPair();
  const { context, page } = await openChat(anna, matchId, bruno);
  await expect
    .poll(() => log(page).getByText('Nessun messaggio ancora', { exact: true }).isVisible())
    .toBe(true);
  await expect
    .poll(() => log(page).getByText('Inizia una conversazione!', { exact: true }).isVisible())
    .toBe(true);

  // A new chat's ready-made first message comes with the swap options: typed over only once it is in
  // (filling before, it landed between the fill's select-all and its typing, and both were sent: r20).
  await expect.poll(() => input(page).inputValue()).toMatch(/^Ciao /);
  await input(page).fill('   ciao Bruno!   ');
  await input(page).press('Enter');
  await bubble(page, 'ciao Bruno!').waitFor();
  await expect.poll(() => input(page).inputValue()).toBe('');
  expect(await page.getByText('Nessun messaggio ancora').count()).toBe(0);
  expect(await log(page).getByRole('separator').textContent()).toBe('Oggi');

  // Shift+Enter is a new line in the same message; the button sends too.
  await input(page).fill('prima riga');
  await input(page).press('Shift+Enter');
  await input(page).pressSequentially('seconda riga');
  await page.getByRole('button', { name: 'Invia' }).click();
  await bubble(page, 'prima riga\nseconda riga').waitFor();
  await expect.poll(() => input(page).inputValue()).toBe('');

  const stored = await messagesOf(bruno, matchId);
  expect(stored.map((message) => message.content)).toEqual(['ciao Bruno!', 'prima riga\nseconda riga']);
  expect(stored.every((message) => message.senderId === anna.id)).toBe(true);
  const first = stored[0] as Message;
  expect(await bubble(page, 'ciao Bruno!').locator('time').textContent()).toBe(romeTime(first.createdAt));
  await context.close();
});

test('a new chat offers a ready-made first message with the possible exchanges: editable, never sent by itself', async () => {
  // Anna has a spare of 1 that Bruno misses, Bruno one of 2 that Anna misses.
  const { anna, bruno, matchId } = await matchedPair();
  const { context, page } = await openChat(anna, matchId, bruno);
  const draft = `Ciao ${bruno.nickname}! Possiamo fare 1 scambio: ti do 001 e tu mi dai 002. Ti va?`;
  await expect.poll(() => input(page).inputValue()).toBe(draft);
  expect(await messagesOf(bruno, matchId)).toEqual([]);

  // What is stored in the end is the one message sent, edited: the draft never went by itself.
  await input(page).press('End');
  await input(page).pressSequentially(' Sabato in edicola?');
  await page.getByRole('button', { name: 'Invia' }).click();
  await bubble(page, `${draft} Sabato in edicola?`).waitFor();
  await expect.poll(() => input(page).inputValue()).toBe('');
  expect((await messagesOf(bruno, matchId)).map((message) => message.content)).toEqual([
    `${draft} Sabato in edicola?`,
  ]);
  await context.close();
});

test('blank text is never sent, by Enter or by the button', async () => {
  const { anna, bruno, matchId } = await matchedPair();
  const { context, page } = await openChat(anna, matchId, bruno);
  const calls = recordTrpcCalls(page);
  // A new chat's ready-made first message, emptied: what is left is blank.
  await expect.poll(() => input(page).inputValue()).toMatch(/^Ciao /);
  await input(page).fill('');
  await input(page).press('Enter');
  await input(page).fill('   \n  ');
  await input(page).press('Enter');
  expect(await page.getByRole('button', { name: 'Invia' }).isDisabled()).toBe(true);
  await page.getByRole('button', { name: 'Invia' }).click({ force: true });
  await pageCaughtUp(page);
  expect(calls.filter((call) => call === 'chat.send')).toEqual([]);
  expect(await messagesOf(anna, matchId)).toEqual([]);
  await expect.poll(() => log(page).getByText('Nessun messaggio ancora').isVisible()).toBe(true);
  await context.close();
});

test('my messages sit on the right and the other collector’s on the left, with their times', async () => {
  const { anna, bruno, matchId } = await matchedPair();
  const theirs = await send(bruno, matchId, 'ho la 15 doppia');
  const { context, page } = await openChat(anna, matchId, bruno);
  await input(page).fill('la prendo volentieri');
  await input(page).press('Enter');
  await bubble(page, 'la prendo volentieri').waitFor();

  const box = await log(page).boundingBox();
  const mine = await bubble(page, 'la prendo volentieri').boundingBox();
  const other = await bubble(page, 'ho la 15 doppia').boundingBox();
  if (!box || !mine || !other) throw new Error('bubbles not laid out');
  expect(await bubble(page, 'la prendo volentieri').getAttribute('data-mine')).toBe('true');
  expect(await bubble(page, 'ho la 15 doppia').getAttribute('data-mine')).toBe('false');
  // Mine touches the right edge of the conversation, theirs the left one.
  expect(box.x + box.width - (mine.x + mine.width)).toBeLessThan(8);
  expect(mine.x - box.x).toBeGreaterThan(box.width / 3);
  expect(other.x - box.x).toBeLessThan(8);
  expect(box.x + box.width - (other.x + other.width)).toBeGreaterThan(box.width / 3);
  expect(await bubble(page, 'ho la 15 doppia').locator('time').textContent()).toBe(
    romeTime(theirs.createdAt),
  );
  await context.close();
});

test('a long conversation opens on its newest message, and a very long word wraps', async () => {
  const { anna, bruno, matchId } = await matchedPair();
  for (let n = 1; n <= 40; n += 1) await send(n % 2 ? bruno : anna, matchId, `Messaggio numero ${n}`);
  const longWord = 'figurina'.repeat(30);
  await send(bruno, matchId, longWord);
  const { context, page } = await openChat(anna, matchId, bruno);
  await bubble(page, longWord).waitFor();

  const onScreen = (element: Element) => {
    const rect = element.getBoundingClientRect();
    return rect.top >= 0 && rect.bottom <= window.innerHeight;
  };
  const inView = (text: string) => bubble(page, text).evaluate(onScreen);
  await expect.poll(() => inView(longWord)).toBe(true);
  expect(await inView('Messaggio numero 1')).toBe(false);
  expect(await input(page).evaluate(onScreen)).toBe(true);
  expect(await page.getByRole('heading', { name: bruno.nickname }).evaluate(onScreen)).toBe(true);
  const wrapped = await bubble(page, longWord).boundingBox();
  expect(wrapped?.width).toBeLessThanOrEqual(390);
  // The page itself does not scroll sideways.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await context.close();
});

test('markup typed in a message is shown as text on both sides and never runs', async () => {
  const { anna, bruno, matchId } = await matchedPair();
  const annaPhone = await openChat(anna, matchId, bruno);
  const brunoPhone = await openChat(bruno, matchId, anna);
  const payload = '<img src=x onerror="window.__x=1">';
  await input(annaPhone.page).fill(payload);
  await input(annaPhone.page).press('Enter');
  for (const { page } of [annaPhone, brunoPhone]) {
    await bubble(page, payload).waitFor();
    expect(await log(page).locator('img').count()).toBe(0);
    expect(await page.evaluate(() => (window as { __x?: unknown }).__x)).toBeUndefined();
  }
  expect((await messagesOf(bruno, matchId)).map((message) => message.content)).toEqual([payload]);
  await annaPhone.context.close();
  await brunoPhone.context.close();
});

test("a failed send shows the spec's toast and keeps the text for another try", async () => {
  const { anna, bruno, matchId } = await matchedPair();
  const { context, page } = await openChat(anna, matchId, bruno);
  await page.route('**/trpc/chat.send**', (route) =>
    route.fulfill({ status: 500, contentType: 'text/plain', body: 'Internal Server Error' }),
  );
  // A new chat: its ready-made first message comes first, then the text typed over it.
  await expect.poll(() => input(page).inputValue()).toMatch(/^Ciao /);
  await input(page).fill('ci vediamo sabato?');
  await input(page).press('Enter');
  const error = toast(page, 'Errore');
  await error.waitFor();
  expect(await error.textContent()).toContain("Errore nell'invio del messaggio");
  expect(await input(page).inputValue()).toBe('ci vediamo sabato?');
  expect(await bubble(page, 'ci vediamo sabato?').count()).toBe(0);

  await page.unroute('**/trpc/chat.send**');
  await page.getByRole('button', { name: 'Invia' }).click();
  await bubble(page, 'ci vediamo sabato?').waitFor();
  // The live stream may show the bubble a moment before the send's answer clears the input.
  await expect.poll(() => input(page).inputValue()).toBe('');
  await context.close();
});

test("a refused send shows the server's reason (too many messages)", async () => {
  const { anna, bruno, matchId } = await matchedPair();
  // The server allows 30 messages a minute per sender.
  for (let n = 1; n <= 30; n += 1) await send(anna, matchId, `raffica ${n}`);
  const { context, page } = await openChat(anna, matchId, bruno);
  await input(page).fill('ancora uno');
  await input(page).press('Enter');
  const error = toast(page, 'Errore');
  await error.waitFor();
  expect(await error.textContent()).toMatch(/Stai inviando troppi messaggi: riprova tra \d+ second[oi]/);
  expect(await input(page).inputValue()).toBe('ancora uno');
  await context.close();
});

test('two teens: a phone number is refused with the reason, the text kept; an adult and a teen have only the set phrases', async () => {
  const teen = (years: number) => ({ birthYear: new Date().getFullYear() - years, birthMonth: 1 });
  const { anna, bruno, matchId } = await createMatchedPair(server, [teen(15), teen(16)]);
  const { context, page } = await openChat(anna, matchId, bruno);
  const disguised = 'scrivimi al 3 4 7 1 2 3 4 5 6 7';
  await input(page).fill(disguised);
  await input(page).press('Enter');
  const error = toast(page, 'Errore');
  await error.waitFor();
  expect(await error.textContent()).toContain(
    'Per la tua sicurezza non si possono scambiare contatti o indirizzi nella chat',
  );
  expect(await input(page).inputValue()).toBe(disguised);
  await input(page).fill('ci vediamo sabato in biblioteca?');
  await input(page).press('Enter');
  await bubble(page, 'ci vediamo sabato in biblioteca?').waitFor();
  expect((await messagesOf(bruno, matchId)).map((message) => message.content)).toEqual([
    'ci vediamo sabato in biblioteca?',
  ]);
  await context.close();

  // An adult and a teen cannot open a chat now: this one is from before the rule.
  const adult = await registeredUser(server.url);
  const [fromBefore] = await sql<{ id: number }>(
    server.databaseUrl,
    `insert into match (user_low_id, user_high_id, created_at)
     values (least($1::int, $2::int), greatest($1::int, $2::int), now()) returning id`,
    [adult.id, anna.id],
  );
  const adultChat = await openChat(adult, fromBefore?.id as number, anna);
  const phrases = adultChat.page.getByRole('group', { name: 'Frasi pronte' });
  await phrases.waitFor();
  expect(await input(adultChat.page).count()).toBe(0);
  expect(await phrases.getByRole('button').allTextContents()).toEqual(
    expect.arrayContaining(['Ci sono', 'Sono in ritardo di 10 minuti', 'Annulliamo', 'Grazie!']),
  );
  await phrases.getByRole('button', { name: 'Ci sono' }).click();
  await bubble(adultChat.page, 'Ci sono').waitFor();
  expect((await messagesOf(anna, fromBefore?.id as number)).map((message) => message.content)).toEqual([
    'Ci sono',
  ]);
  await adultChat.context.close();

  // The teen reports the adult's message (issue 47, row 2): 'Un adulto mi mette a disagio' comes first, and
  // chosen it needs no words; the message is kept with the report.
  const teenChat = await openChat(anna, fromBefore?.id as number, adult);
  expect(await seriousAxeViolations(teenChat.page)).toEqual([]);
  await teenChat.page.getByRole('button', { name: 'Altre azioni' }).click();
  await teenChat.page.getByRole('menuitem', { name: 'Segnala' }).click();
  const dialog = teenChat.page.getByRole('dialog', { name: `Segnala ${adult.nickname}` });
  const uneasy = dialog.getByRole('radio', { name: 'Un adulto mi mette a disagio' });
  await uneasy.waitFor();
  expect(await dialog.getByRole('radio').first().getAttribute('value')).toBe('adulto_minore');
  expect(await dialog.getByRole('radio', { name: 'Comportamento verso un minore' }).count()).toBe(0);
  expect(await dialog.getByRole('button', { name: 'Invia' }).isDisabled()).toBe(true);
  const which = dialog.getByLabel('Quale messaggio?');
  const ciSono = await which.locator('option', { hasText: 'Ci sono' }).getAttribute('value');
  await which.selectOption(ciSono as string);
  await uneasy.check();
  await dialog.getByRole('button', { name: 'Invia' }).click();
  await toast(teenChat.page, 'Segnalazione inviata').waitFor();
  expect(
    await sql(
      server.databaseUrl,
      `select category, description, message_id = $3 as that_message, evidence->'message'->>'content' as said
         from report where user_id = $1 and reported_user_id = $2`,
      [anna.id, adult.id, Number(ciSono)],
    ),
  ).toEqual([
    {
      category: 'adulto_minore',
      description: 'Un adulto mi mette a disagio',
      that_message: true,
      said: 'Ci sono',
    },
  ]);
  await teenChat.context.close();
});

test('a collector outside the match, or an unknown chat, gets Chat non trovata and a way Home', async () => {
  const { anna, matchId } = await matchedPair();
  const stranger = await registeredUser(server.url);
  const { context, page } = await phoneOf(stranger);
  await page.goto(`/chat/${matchId}`);
  const notFound = page.getByRole('alert').filter({ hasText: 'Chat non trovata' });
  await notFound.waitFor();
  expect(await input(page).count()).toBe(0);
  expect(await page.getByText(anna.nickname).count()).toBe(0);
  await notFound.getByRole('link', { name: 'Torna alla Home' }).click();
  await page.waitForURL((url) => url.pathname === '/');

  for (const path of ['/chat/99999999', '/chat/abc']) {
    await page.goto(path);
    await notFound.waitFor();
  }
  expect(pathOf(page)).toBe('/chat/abc');
  await context.close();
});

test("Home shows unread messages on the match until its chat is opened, and the latest message's time", async () => {
  const { anna, bruno, matchId } = await matchedPair();
  const { context, page } = await phoneOf(anna);
  await page.goto('/');
  const item = page
    .getByRole('region', { name: 'Ultimi Match' })
    .getByRole('listitem', { name: bruno.nickname });
  await item.waitFor();
  expect(await item.getByRole('img').count()).toBe(0);

  // While Home is open, the list follows new messages by itself (the app's inbox stream).
  let last = await send(bruno, matchId, 'ciao!');
  const one = item.getByRole('img', { name: '1 messaggio non letto' });
  await one.waitFor({ timeout: 20_000 });
  expect(await one.textContent()).toBe('1');

  await send(bruno, matchId, 'hai la 7?');
  last = await send(bruno, matchId, 'e la 9?');
  await page.reload();
  const three = item.getByRole('img', { name: '3 messaggi non letti' });
  await three.waitFor();
  expect(await three.textContent()).toBe('3');
  expect(await item.locator('time').textContent()).toBe(romeTime(last.createdAt));

  await item.getByRole('link', { name: 'Chatta' }).click();
  await bubble(page, 'e la 9?').waitFor();
  await page.getByRole('link', { name: 'Indietro' }).click();
  await page.waitForURL((url) => url.pathname === '/');
  await item.waitFor();
  await expect.poll(() => item.getByRole('img').count()).toBe(0);
  expect(await item.locator('time').textContent()).toBe(romeTime(last.createdAt));
  await context.close();
}, 45_000);

test('the header says how present the other is, coarsely and only once they wrote, and nothing when they hide it', async () => {
  const { anna, bruno, matchId } = await matchedPair();
  await bruno.api.get(`/api/matches/${matchId}/messages`);
  const { context, page } = await openChat(anna, matchId, bruno);
  const header = page.getByRole('heading', { name: bruno.nickname }).locator('..');
  const reloaded = async () => {
    await page.reload();
    await page.getByRole('heading', { name: bruno.nickname }).waitFor();
    await log(page).getByRole('listitem').first().waitFor();
  };
  // Where Bruno is (a candidate of hers: one comune), never his CAP (issue 43).
  await header.getByText('Milano · nel tuo comune', { exact: true }).waitFor();
  expect(await header.textContent()).not.toMatch(/CAP|\b20121\b/);
  // Bruno has the app open but has not written to Anna: nothing.
  expect(await header.textContent()).not.toMatch(/Online|Attivo|Ultimo accesso/);

  await send(bruno, matchId, 'ciao Anna');
  await reloaded();
  await header.getByText('Online ora', { exact: true }).waitFor();

  await sql(
    server.databaseUrl,
    "update app_user set last_seen_at = now() - interval '3 days' where id = $1",
    [bruno.id],
  );
  await reloaded();
  await header.getByText('Attivo questa settimana', { exact: true }).waitFor();
  expect(await header.textContent()).not.toMatch(/Online|Ultimo accesso|\d{2}:\d{2}/);

  // Bruno turns presence off in Profilo: Anna sees only his name.
  expect((await bruno.api.put('/api/user/presence', { showPresence: false })).status).toBe(200);
  await reloaded();
  // The header kept on the device shows first, then the server's answer replaces it.
  await expect.poll(() => header.textContent()).not.toMatch(/Online|Attivo/);
  await context.close();
});

test('the chat’s back button, input and send button are 44×44 px tap targets, the input’s text 16 px', async () => {
  const { anna, bruno, matchId } = await matchedPair();
  const { context, page } = await openChat(anna, matchId, bruno);
  for (const target of [
    page.getByRole('link', { name: 'Indietro' }),
    input(page),
    page.getByRole('button', { name: 'Invia' }),
  ]) {
    const box = await target.boundingBox();
    expect(box?.width).toBeGreaterThanOrEqual(44);
    expect(box?.height).toBeGreaterThanOrEqual(44);
  }
  expect(await input(page).evaluate((element) => getComputedStyle(element).fontSize)).toBe('16px');
  await context.close();
});

test("a chat opened from a link fills the phone's screen: its input sits just above the tab bar", async () => {
  const { anna, bruno, matchId } = await matchedPair();
  const { context, page } = await openChat(anna, matchId, bruno);
  const tabBar = page.getByRole('navigation', { name: 'Navigazione principale' });
  await expect
    .poll(async () => {
      const [field, bar] = await Promise.all([input(page).boundingBox(), tabBar.boundingBox()]);
      return field && bar ? Math.round(bar.y - (field.y + field.height)) : undefined;
    })
    .toBeLessThan(60);
  await context.close();
});

// Live delivery, on either server.

/** The chat is on its live stream (ready received), or on the 5 s poll. */
const streamState = (page: Page) => page.locator('[data-live]').getAttribute('data-live');
const waitLive = (page: Page) => page.locator('[data-live="true"]').waitFor();

/**
 * Types `text` in `from` and returns, for each of `to`, how long it took to show it, in ms, timed inside
 * the pages (one machine, one clock): from the Enter keydown in `from` to the moment the text is in each
 * chat's log; and the messages' reads (`chat.messages`) each asked meanwhile — none when the live stream
 * brought it.
 */
async function deliveryTimes(from: Page, text: string, to: Page[]) {
  await input(from).fill(text);
  const calls = to.map((page) => recordTrpcCalls(page));
  const arrivals = to.map((page) =>
    page.evaluate(
      (wanted) =>
        new Promise<number>((resolve) => {
          const shown = () =>
            [...document.querySelectorAll('[role="log"] li')].some((item) =>
              item.textContent?.includes(wanted),
            );
          if (shown()) return resolve(Date.now());
          const observer = new MutationObserver(() => {
            if (!shown()) return;
            observer.disconnect();
            resolve(Date.now());
          });
          observer.observe(document.body, { childList: true, subtree: true, characterData: true });
        }),
      text,
    ),
  );
  const sent = from.evaluate(
    () =>
      new Promise<number>((resolve) =>
        document.addEventListener('keydown', (event) => event.key === 'Enter' && resolve(Date.now()), {
          capture: true,
          once: true,
        }),
      ),
  );
  // Both listeners are in place once each page has run its evaluate: a round trip to each settles that.
  await Promise.all([from, ...to].map((page) => page.evaluate(() => true)));
  await input(from).press('Enter');
  const start = await sent;
  const times = (await Promise.all(arrivals)).map((arrived) => arrived - start);
  const reads = calls.map((list) => list.filter((procedure) => procedure === 'chat.messages').length);
  for (const page of to) await bubble(page, text).waitFor();
  return to.map((_, i) => ({ ms: times[i] as number, reads: reads[i] as number }));
}

/*
 * Live means brought by the stream, not read again: the test asserts that no chat read was asked while
 * the message travelled. How fast is logged, not asserted: a wall-clock bound in a browser test on a
 * loaded 2-core machine failed at 1,394 ms (r59; 80–745 ms in the runs before), and a target belongs in a
 * benchmark.
 */
test('a message typed on one server shows in the open chat on the other server by the live stream', async () => {
  const { anna, bruno, matchId } = await matchedPair();
  const annaOnA = await chatOn(server, anna, matchId, bruno);
  const brunoOnA = await chatOn(server, bruno, matchId, anna);
  const brunoOnB = await chatOn(serverB, bruno, matchId, anna);
  try {
    for (const { page } of [annaOnA, brunoOnA, brunoOnB]) await waitLive(page);

    const [sameServer, otherServer] = await deliveryTimes(annaOnA.page, 'ciao Bruno, ci sei?', [
      brunoOnA.page,
      brunoOnB.page,
    ]);
    const [back] = await deliveryTimes(brunoOnB.page, 'sì, eccomi!', [annaOnA.page]);
    console.log(
      `chat delivery: same server ${sameServer?.ms} ms, across servers ${otherServer?.ms} ms and ${back?.ms} ms back`,
    );
    expect([sameServer?.reads, otherServer?.reads, back?.reads]).toEqual([0, 0, 0]);

    // The sender gets its message twice (the send reply and the stream) but shows it once.
    await bubble(brunoOnA.page, 'sì, eccomi!').waitFor();
    for (const { page } of [annaOnA, brunoOnA, brunoOnB]) {
      expect(await bubble(page, 'ciao Bruno, ci sei?').count()).toBe(1);
      expect(await bubble(page, 'sì, eccomi!').count()).toBe(1);
    }
    expect(await bubble(annaOnA.page, 'ciao Bruno, ci sei?').getAttribute('data-mine')).toBe('true');
    expect(await bubble(brunoOnB.page, 'ciao Bruno, ci sei?').getAttribute('data-mine')).toBe('false');
  } finally {
    // Closed whatever failed: a page left open holds its stream, and the second server's close waits for it.
    for (const phone of [annaOnA, brunoOnA, brunoOnB]) await phone.context.close();
  }
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
  const annaOnA = await chatOn(server, anna, matchId, bruno);
  const brunoOnB = await chatOn(serverB, bruno, matchId, anna, { blockStream: true });
  await waitLive(annaOnA.page);
  expect(await streamState(brunoOnB.page)).toBe('false');

  const [polled] = await deliveryTimes(annaOnA.page, 'mi ricevi lo stesso?', [brunoOnB.page]);
  console.log(`chat delivery with the stream blocked (poll): ${polled?.ms} ms`);
  // Brought by a read of the messages, the stream being blocked.
  expect(polled?.reads).toBeGreaterThan(0);
  expect(await streamState(brunoOnB.page)).toBe('false');

  // And the other way: what the polling phone sends reaches the live one by its stream.
  const [live] = await deliveryTimes(brunoOnB.page, 'sì, ogni 5 secondi', [annaOnA.page]);
  expect(live?.reads).toBe(0);
  await annaOnA.context.close();
  await brunoOnB.context.close();
});

test("'Online ora' shows for whoever has the chat open and has written in it, on either server, never for anyone else", async () => {
  const { anna, bruno, matchId } = await matchedPair();
  // Anna has written to Bruno; Bruno has not written yet.
  expect((await anna.api.post(`/api/matches/${matchId}/messages`, { content: 'ciao Bruno' })).status).toBe(
    200,
  );
  const annaOnA = await chatOn(server, anna, matchId, bruno);
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

test('messages written offline wait on the phone, marked, through a reload and on Home, and reach the other side once each when the connection returns', async () => {
  const { anna, bruno, matchId } = await matchedPair();
  await send(bruno, matchId, 'Ciao! Quando ci vediamo?');
  // The service worker serves the app with no connection, as on a phone that opened it before.
  const { context, page } = await phoneOf(anna, undefined, { serviceWorkers: 'allow' });
  await page.goto(`/chat/${matchId}`);
  await page.evaluate(() => navigator.serviceWorker.ready);
  await page.reload();
  await page.getByText('Ciao! Quando ci vediamo?').waitFor();
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
  // A chat read online stays on the phone (written at most once a second): offline it reads, and takes messages.
  await expect.poll(() => keptOnDevice(page)).toContain('"chat","messages"');
  await context.setOffline(true);
  const written = ['Ci vediamo sabato in edicola', 'Porto le doppie'];
  for (const content of written) {
    await input(page).fill(content);
    await input(page).press('Enter');
    // The input empties once the device has the message.
    await expect.poll(() => input(page).inputValue()).toBe('');
  }
  const waiting = (at: Page) => log(at).getByText('Verrà inviato quando torni online', { exact: true });
  // Each waits in the conversation, in the order written, marked (issue 48, row 4); a word over the input.
  await expect.poll(() => waiting(page).count()).toBe(2);
  await page
    .getByRole('status')
    .getByText('Sei offline: i messaggi verranno inviati quando torni online.')
    .waitFor();
  const queued = log(page).locator('li[data-queued="waiting"]');
  expect(await queued.allTextContents()).toEqual(
    written.map((content) => `Tu: ${content}Verrà inviato quando torni online`),
  );

  // A reload with no connection: the app from the service worker, the messages from the device.
  await page.reload();
  await bubble(page, 'Porto le doppie').waitFor();
  await expect.poll(() => waiting(page).count()).toBe(2);
  // Home, and only there does the connection return; the first answer is lost on its way back.
  await page
    .getByRole('navigation', { name: 'Navigazione principale' })
    .getByRole('button', { name: 'Home' })
    .click();
  await expect.poll(() => pathOf(page)).toBe('/');
  // Away from the chat the banner still counts them.
  await page.getByText('Sei offline · 2 messaggi da inviare', { exact: true }).waitFor();
  let sends = 0;
  await context.route(/\/trpc\/[^?]*chat\.send/, async (route) => {
    sends += 1;
    if (sends > 1) return route.fallback();
    await route.fetch();
    await route.abort('internetdisconnected');
  });
  await context.setOffline(false);
  // Sent again with its key after the lost answer, each message is stored once, in order.
  await expect
    .poll(async () => (await messagesOf(bruno, matchId)).map((message) => message.content), {
      timeout: 15_000,
    })
    .toEqual(['Ciao! Quando ci vediamo?', ...written]);
  expect(sends).toBeGreaterThanOrEqual(3);
  await page.goto(`/chat/${matchId}`);
  await bubble(page, 'Porto le doppie').waitFor();
  expect(await bubble(page, 'Ci vediamo sabato in edicola').count()).toBe(1);
  expect(await log(page).locator('li[data-queued]').count()).toBe(0);
  expect(await page.getByText('Sei offline', { exact: false }).count()).toBe(0);
  expect((await messagesOf(bruno, matchId)).length).toBe(3);
  await context.close();
});
