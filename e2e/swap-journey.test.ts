import type { Page } from 'playwright-core';
import { expect, test } from 'vitest';
import { registeredUser } from '../test/support/api-client.ts';
import { createAlbum } from '../test/support/catalogue.ts';
import { sql } from '../test/support/sql.ts';
import { setUpAdmin } from './support/admin-login.ts';
import { toast } from './support/browser.ts';
import { setUpE2eApp } from './support/e2e-app.ts';

const app = setUpE2eApp();
const { server, phoneOf } = app;
const { admin } = setUpAdmin(app);

type Collector = Awaited<ReturnType<typeof registeredUser>>;
type Mark = { stickerId: number; status: 'yes' | 'double'; spares?: number };

/**
 * Anna has a double of 1 and 2 that Bruno misses, Bruno a double of 3 that Anna misses; each has the
 * other's double missing. The first marks make the album their match album. A match (made by Anna)
 * gives them a chat, unless `withMatch` is false.
 */
async function swappingPair({ withMatch = true } = {}) {
  const album = await createAlbum(server.databaseUrl, { name: 'Scambi 2026', stickers: 5 });
  const [anna, bruno] = await Promise.all([registeredUser(server.url), registeredUser(server.url)]);
  const mark = async (user: Collector, numbers: string) => {
    const response = await user.api.post('/api/user/stickers/bulk', {
      albumId: album.id,
      numbers,
      status: 'double',
    });
    expect(response.status).toBe(200);
  };
  await mark(anna, '1,2');
  await mark(bruno, '3');
  const idOf = (number: string) => album.stickers.find((sticker) => sticker.number === number)?.id;
  if (!withMatch) return { album, anna, bruno, matchId: null, idOf };
  const match = await anna.api.post<{ id: number }>('/api/matches', { user2Id: bruno.id });
  expect(match.status).toBe(200);
  return { album, anna, bruno, matchId: match.body.id, idOf };
}

const marksOf = async (user: Collector, albumId: number) =>
  (await user.api.get<Mark[]>(`/api/user/stickers/${albumId}`)).body;

const swapCard = (page: Page, status: string) =>
  page.getByRole('log', { name: 'Messaggi' }).getByRole('article', { name: new RegExp(`: ${status}$`) });

const badge = (page: Page) =>
  page.getByRole('navigation', { name: 'Navigazione principale' }).getByRole('img');

test('from "Proponi scambio" on a match card to "Scambio completato": both albums updated, then rated', async () => {
  const { album, anna, bruno, matchId, idOf } = await swappingPair();
  const annaPhone = await phoneOf(anna);
  const brunoPhone = await phoneOf(bruno);
  // Bruno waits on Home, the tab bar in sight.
  await brunoPhone.page.goto('/');
  await brunoPhone.page.getByRole('navigation', { name: 'Navigazione principale' }).waitFor();

  // Anna, on the Match tab: Bruno's card shows his (empty) reputation and 'Proponi scambio'.
  const { page: a } = annaPhone;
  await a.goto('/match');
  const card = a.getByRole('article', { name: bruno.nickname });
  await card.getByText('Nessun voto · 0 scambi').waitFor();
  await card.getByRole('button', { name: 'Proponi scambio' }).click();

  // The chooser starts from the 1:1 exchange; Anna adds her second double: 2 for 1.
  const chooser = a.getByRole('dialog', { name: `Proponi scambio a ${bruno.nickname}` });
  await chooser.getByText('Do: 1 di 2').waitFor();
  await chooser.getByText('Ricevo: 1 di 1').waitFor();
  await chooser.getByRole('checkbox', { name: '002 Giocatore 2' }).check();
  await chooser.getByText('Do: 2 di 2').waitFor();
  await chooser.getByRole('button', { name: 'Invia proposta' }).click();
  await toast(a, 'Proposta inviata').waitFor();
  await expect.poll(() => chooser.isVisible()).toBe(false);

  // Bruno: the tab bar counts the proposal waiting for him; the chat shows it with his two answers.
  const { page: b } = brunoPhone;
  await expect.poll(() => badge(b).getAttribute('aria-label')).toBe('1 scambio in attesa');
  await b.goto(`/chat/${matchId}`);
  const proposal = swapCard(b, 'Proposto');
  await proposal.getByText('Do (1)').waitFor();
  await proposal.getByText('Ricevo (2)').waitFor();
  await proposal.getByRole('button', { name: 'Rifiuta' }).waitFor();
  await proposal.getByRole('button', { name: 'Accetta' }).click();
  await toast(b, 'Scambio accettato').waitFor();

  // Anna sees the acceptance live in her chat and confirms the stickers arrived.
  await a.goto(`/chat/${matchId}`);
  const accepted = swapCard(a, 'Accettato');
  await accepted.getByRole('button', { name: 'Conferma ricevute' }).click();
  await accepted.getByText(`Hai confermato: manca la conferma di ${bruno.nickname}`).waitFor();
  await expect.poll(() => accepted.getByRole('button', { name: 'Conferma ricevute' }).count()).toBe(0);

  // Bruno confirms too: completed on both phones.
  const brunoAccepted = swapCard(b, 'Accettato');
  await brunoAccepted
    .getByText(`${anna.nickname} ha confermato: conferma quando ricevi le figurine`)
    .waitFor();
  await brunoAccepted.getByRole('button', { name: 'Conferma ricevute' }).click();
  await toast(b, 'Scambio completato').waitFor();
  await swapCard(b, 'Scambio completato').waitFor();
  await swapCard(a, 'Scambio completato').waitFor();

  // Both albums, on the server: Anna gave her spares of 1 and 2 and has 3; Bruno the other way round.
  const statusOf = (marks: Mark[], number: string) =>
    marks.find((entry) => entry.stickerId === idOf(number))?.status;
  const annaMarks = await marksOf(anna, album.id);
  expect(['1', '2', '3'].map((number) => statusOf(annaMarks, number))).toEqual(['yes', 'yes', 'yes']);
  const brunoMarks = await marksOf(bruno, album.id);
  expect(['1', '2', '3'].map((number) => statusOf(brunoMarks, number))).toEqual(['yes', 'yes', 'yes']);

  // Anna rates Bruno; his reputation in her chat header follows.
  const done = swapCard(a, 'Scambio completato');
  await done.getByRole('radio', { name: '5 stelle' }).click();
  await done.getByRole('textbox', { name: 'Commento (facoltativo)' }).fill('Tutto perfetto');
  await done.getByRole('button', { name: 'Invia valutazione' }).click();
  await done.getByText(`Hai valutato ${bruno.nickname}:`).waitFor();
  await a.getByText('★ 5,0 · 1 collezionista · 1 scambio').waitFor();

  // The Scambi list (from Profilo) has it among the past swaps.
  await a.goto('/profile');
  await a.getByRole('link', { name: 'I miei scambi' }).click();
  await a.getByRole('heading', { name: 'Scambi' }).waitFor();
  await a.getByText('Nessuno scambio in corso').waitFor();
  await a.getByText('Passati').click();
  await a
    .getByRole('article', { name: `Scambio con ${bruno.nickname}: Scambio completato` })
    .getByText(`Con ${bruno.nickname} · Scambi 2026`)
    .waitFor();

  await annaPhone.context.close();
  await brunoPhone.context.close();
}, 120_000);

test("a proposal from Match opens the pair's chat: it shows there, Scambi's card has 'Apri chat', the card no longer offers 'Matcha!'", async () => {
  const { anna, bruno } = await swappingPair({ withMatch: false });
  const annaPhone = await phoneOf(anna);
  const brunoPhone = await phoneOf(bruno);

  // Anna proposes from Bruno's card, with no chat between them yet: she lands in their new chat, the proposal in it.
  const { page: a } = annaPhone;
  await a.goto('/match');
  const card = a.getByRole('article', { name: bruno.nickname });
  await card.getByRole('button', { name: 'Matcha!' }).waitFor();
  await card.getByRole('button', { name: 'Proponi scambio' }).click();
  const chooser = a.getByRole('dialog', { name: `Proponi scambio a ${bruno.nickname}` });
  await chooser.getByRole('button', { name: 'Invia proposta' }).click();
  await toast(a, 'Proposta inviata').waitFor();
  await a.waitForURL('**/chat/*');
  await a.getByRole('heading', { name: bruno.nickname }).waitFor();
  await swapCard(a, 'Proposto').waitFor();

  // Back on Match, Bruno's card leads into that chat: no 'Matcha!' any more.
  await a.goto('/match');
  await card.getByText('Già in contatto').waitFor();
  expect(await card.getByRole('button', { name: 'Matcha!' }).count()).toBe(0);
  await card.getByRole('link', { name: 'Apri chat' }).click();
  await swapCard(a, 'Proposto').waitFor();

  // Bruno, on Scambi: the card opens the chat; he accepts there and writes to arrange the meeting.
  const { page: b } = brunoPhone;
  await b.goto('/scambi');
  const listed = b.getByRole('article', { name: `Scambio con ${anna.nickname}: Proposto` });
  await listed.getByRole('link', { name: 'Apri chat' }).click();
  await b.waitForURL('**/chat/*');
  await b.getByRole('heading', { name: anna.nickname }).waitFor();
  await swapCard(b, 'Proposto').getByRole('button', { name: 'Accetta' }).click();
  await toast(b, 'Scambio accettato').waitFor();
  await b.getByRole('textbox', { name: 'Messaggio' }).fill('Sabato alle 10 in edicola?');
  await b.getByRole('button', { name: 'Invia' }).click();

  // Anna, in the chat, sees both live.
  await swapCard(a, 'Accettato').waitFor();
  await a.getByText('Sabato alle 10 in edicola?').waitFor();
  await annaPhone.context.close();
  await brunoPhone.context.close();
}, 120_000);

test("'Blocca' in the chat's menu: the chat says so, Bruno's messages are refused, Home shows him 'Bloccato' without his message, 'Sblocca' gives it back", async () => {
  const { anna, bruno, matchId } = await swappingPair();
  const brunoPhone = await phoneOf(bruno);
  await brunoPhone.page.goto(`/chat/${matchId}`);
  await brunoPhone.page.getByRole('textbox', { name: 'Messaggio' }).fill('Rispondi subito!!');
  await brunoPhone.page.getByRole('button', { name: 'Invia' }).click();
  const { context, page } = await phoneOf(anna);
  await page.goto(`/chat/${matchId}`);
  await page.getByRole('heading', { name: bruno.nickname }).waitFor();
  await page.getByRole('log', { name: 'Messaggi' }).getByText('Rispondi subito!!').waitFor();

  await page.getByRole('button', { name: 'Altre azioni' }).click();
  await page.getByRole('menuitem', { name: 'Blocca' }).click();
  const dialog = page.getByRole('dialog', { name: `Bloccare ${bruno.nickname}?` });
  await dialog.getByRole('button', { name: 'Blocca' }).click();
  await toast(page, 'Utente bloccato').waitFor();
  await page.getByText(`Hai bloccato ${bruno.nickname}: non potete scrivervi né scambiare.`).waitFor();
  expect(await page.getByPlaceholder('Scrivi un messaggio...').count()).toBe(0);
  expect(await page.getByRole('button', { name: 'Proponi scambio' }).count()).toBe(0);

  const refused = await bruno.api.post(`/api/matches/${matchId}/messages`, { content: 'ciao?' });
  expect(refused.status).toBe(403);

  // Anna's Home: Bruno is 'Bloccato', with neither his message nor an unread count; 'Chatta' leads back.
  await page.getByRole('navigation', { name: 'Navigazione principale' }).getByText('Home').click();
  const item = page
    .getByRole('region', { name: 'Ultimi Match' })
    .getByRole('listitem', { name: bruno.nickname });
  await item.getByText('Bloccato').waitFor();
  expect(await item.getByText('Rispondi subito!!').count()).toBe(0);
  expect(await item.getByRole('img').count()).toBe(0);
  // Bruno learns nothing: his Home shows the match as before.
  await brunoPhone.page.goto('/');
  const his = brunoPhone.page.getByRole('listitem', { name: anna.nickname });
  await his.getByText('Tu: Rispondi subito!!').waitFor();
  expect(await his.getByText('Bloccato').count()).toBe(0);
  await item.getByRole('link', { name: 'Chatta' }).click();

  await page.getByRole('button', { name: 'Sblocca' }).click();
  await toast(page, 'Utente sbloccato').waitFor();
  await page.getByPlaceholder('Scrivi un messaggio...').waitFor();
  const allowed = await bruno.api.post(`/api/matches/${matchId}/messages`, { content: 'ciao!' });
  expect(allowed.status).toBe(200);
  await context.close();
  await brunoPhone.context.close();
});

test("'Segnala' in the chat's menu files a report about the collector for the admin", async () => {
  const { anna, bruno, matchId } = await swappingPair();
  const { context, page } = await phoneOf(anna);
  await page.goto(`/chat/${matchId}`);
  await page.getByRole('heading', { name: bruno.nickname }).waitFor();

  await page.getByRole('button', { name: 'Altre azioni' }).click();
  await page.getByRole('menuitem', { name: 'Segnala' }).click();
  const dialog = page.getByRole('dialog', { name: `Segnala ${bruno.nickname}` });
  const send = dialog.getByRole('button', { name: 'Invia' });
  expect(await send.isDisabled()).toBe(true);
  // 'Un adulto mi mette a disagio' is a minor's (chat.test.ts): an adult is not offered it.
  expect(await dialog.getByRole('radio', { name: 'Un adulto mi mette a disagio' }).count()).toBe(0);
  await dialog
    .getByRole('textbox', { name: 'Cosa è successo? (facoltativo)' })
    .fill('Non ha mai spedito le figurine');
  // A reason from the Termini's list is required.
  expect(await send.isDisabled()).toBe(true);
  await dialog.getByRole('radio', { name: 'Truffa o figurine false' }).check();
  await send.click();
  await toast(page, 'Segnalazione inviata').waitFor();
  await expect.poll(() => dialog.isVisible()).toBe(false);
  const reports = await admin.get<{
    reports: { type: string; description: string; reported_user_id: number | null }[];
  }>('/api/admin/reports?type=user');
  expect(reports.body.reports).toContainEqual(
    expect.objectContaining({
      type: 'user',
      description: 'Non ha mai spedito le figurine',
      reported_user_id: bruno.id,
    }),
  );
  await context.close();
});

test("once Anna confirms, Bruno may only confirm; after 14 days the swap reads 'Non completato' and Anna rates him", async () => {
  const { album, anna, bruno } = await swappingPair();
  const proposed = await anna.api.post<{ id: number }>('/api/swaps', {
    toUserId: bruno.id,
    albumId: album.id,
    give: ['1'],
    receive: ['3'],
  });
  expect(proposed.status).toBe(201);
  const id = proposed.body.id;
  expect((await bruno.api.post(`/api/swaps/${id}/accept`)).status).toBe(200);
  expect((await anna.api.post(`/api/swaps/${id}/confirm`)).status).toBe(200);

  // Bruno, on Scambi: he is told to confirm or report; 'Annulla scambio' is gone.
  const { page: b } = await phoneOf(bruno);
  await b.goto('/scambi');
  const open = b.getByRole('article', { name: `Scambio con ${anna.nickname}: Accettato` });
  await open
    .getByText(
      `${anna.nickname} ha confermato: conferma quando ricevi le figurine, o segnala ${anna.nickname} se non arrivano`,
    )
    .waitFor();
  await open.getByRole('button', { name: 'Conferma ricevute' }).waitFor();
  expect(await open.getByRole('button', { name: 'Annulla scambio' }).count()).toBe(0);

  // Fourteen days later Bruno has not confirmed.
  await sql(server.databaseUrl, "update swap set expires_at = now() - interval '1 second' where id = $1", [
    id,
  ]);
  const { page: a } = await phoneOf(anna);
  await a.goto('/scambi');
  await a.getByText('Passati').click();
  const ended = a.getByRole('article', { name: `Scambio con ${bruno.nickname}: Non completato` });
  await ended.getByText(`${bruno.nickname} non ha confermato entro 14 giorni`).waitFor();
  await ended.getByRole('radio', { name: '1 stella' }).click();
  await ended.getByRole('button', { name: 'Invia valutazione' }).click();
  await ended.getByText(`Hai valutato ${bruno.nickname}:`).waitFor();
});

test('a swap is a contract: the card dates it, a lapsed proposal reads "Non più valida", the same proposal twice is refused, a cancel asks why and says it in the chat', async () => {
  const { album, anna, bruno, matchId, idOf } = await swappingPair();
  const first = await anna.api.post<{ id: number }>('/api/swaps', {
    toUserId: bruno.id,
    albumId: album.id,
    give: ['1'],
    receive: ['3'],
  });
  expect(first.status).toBe(201);
  const annaPhone = await phoneOf(anna);
  const brunoPhone = await phoneOf(bruno);

  // Anna, in the chat, opens the chooser again: 001 is already offered to Bruno; the same proposal is refused.
  const { page: a } = annaPhone;
  await a.goto(`/chat/${matchId}`);
  await a.getByRole('button', { name: 'Proponi scambio' }).click();
  const chooser = a.getByRole('dialog', { name: `Proponi scambio a ${bruno.nickname}` });
  const one = chooser.getByRole('checkbox', { name: '001 Giocatore 1' });
  expect(await one.getAttribute('aria-describedby')).toBeTruthy();
  await chooser.getByText(`Già offerta a ${bruno.nickname}`).waitFor();
  await a.screenshot({ path: '/tmp/e28-chooser.png' });
  await chooser.getByRole('button', { name: 'Invia proposta' }).click();
  await a
    .getByText(`Hai già proposto questo stesso scambio a ${bruno.nickname}: aspetta la sua risposta`)
    .waitFor();
  await chooser.getByRole('button', { name: 'Invia proposta' }).waitFor();

  // Bruno's card says when it was made and how long it has left.
  const { page: b } = brunoPhone;
  await b.goto(`/chat/${matchId}`);
  const proposal = swapCard(b, 'Proposto');
  await proposal.getByText(/^Proposto il \d\d\/\d\d\/\d{4} \(oggi\) · scade tra 7 giorni$/).waitFor();

  // Anna gives her 001 away by hand: Bruno's card reads 'Non più valida', no error, only 'Rifiuta'.
  await anna.api.put(`/api/user/stickers/${idOf('1')}`, { status: 'yes' });
  await b.reload();
  const lapsed = swapCard(b, 'Non più valida');
  await lapsed
    .getByText('001 non è più disponibile: di questa proposta non resta uno scambio possibile')
    .waitFor();
  expect(await lapsed.getByRole('button', { name: 'Accetta' }).count()).toBe(0);
  await b.screenshot({ path: '/tmp/e28-lapsed.png' });
  await lapsed.getByRole('button', { name: 'Rifiuta' }).click();
  await toast(b, 'Proposta rifiutata').waitFor();

  // An accepted swap called off by Bruno: asked first, the reason reaches Anna in the chat.
  const second = await anna.api.post<{ id: number }>('/api/swaps', {
    toUserId: bruno.id,
    albumId: album.id,
    give: ['2'],
    receive: ['3'],
  });
  expect((await bruno.api.post(`/api/swaps/${second.body.id}/accept`)).status).toBe(200);
  const accepted = swapCard(b, 'Accettato');
  await accepted.getByRole('button', { name: 'Annulla scambio' }).click();
  const dialog = b.getByRole('dialog', { name: `Annullare lo scambio con ${anna.nickname}?` });
  await dialog.getByRole('textbox', { name: 'Motivo (facoltativo)' }).fill('Sabato non posso più');
  await b.screenshot({ path: '/tmp/e28-cancel.png' });
  await dialog.getByRole('button', { name: 'Annulla scambio' }).click();
  await toast(b, 'Scambio annullato').waitFor();
  await expect.poll(() => dialog.isVisible()).toBe(false);
  await a
    .getByRole('log', { name: 'Messaggi' })
    .getByText('Ho annullato lo scambio: Sabato non posso più')
    .waitFor();
  await annaPhone.context.close();
  await brunoPhone.context.close();
}, 120_000);

test("'Le mie ultime': each missing sticker with who nearby has it or 'Nessuno entro 50 km', several doubles offered for one, and 'Chi ce l'ha vicino' from a sticker's detail", async () => {
  const { album, bruno } = await swappingPair({ withMatch: false });
  // Carla misses only 3 (Bruno has a spare) and 5 (nobody has it); her doubles 2 and 4 are what she offers.
  const carla = await registeredUser(server.url);
  for (const [status, numbers] of [
    ['yes', '1'],
    ['double', '2,4'],
  ]) {
    const marked = await carla.api.post('/api/user/stickers/bulk', { albumId: album.id, numbers, status });
    expect(marked.status).toBe(200);
  }
  const { context, page } = await phoneOf(carla);
  await page.goto(`/album/${album.id}`);
  const ultime = page.getByRole('link', { name: 'Le mie ultime: te ne mancano 2' });
  await ultime.waitFor();
  await page.screenshot({ path: '/tmp/e28-album.png' });
  await ultime.click();
  await page.getByRole('heading', { name: 'Le mie ultime' }).waitFor();
  await page.getByText('Ti mancano 2 figurine · 1 senza nessuno entro 50 km').waitFor();
  const three = page.getByRole('article', { name: '003 Giocatore 3' });
  await three.getByText(bruno.nickname, { exact: true }).waitFor();
  await three.getByText('Milano · nel tuo comune', { exact: true }).waitFor();
  await page.getByRole('article', { name: '005 Giocatore 5' }).getByText('Nessuno entro 50 km').waitFor();
  await page.screenshot({ path: '/tmp/e28-ultime.png' });

  // Two doubles for Bruno's 003: the chooser starts from that one and says she may add more.
  await three.getByRole('button', { name: 'Proponi scambio' }).click();
  const chooser = page.getByRole('dialog', { name: `Proponi scambio a ${bruno.nickname}` });
  await chooser.getByText('Per una figurina che ti manca puoi offrire più doppie').waitFor();
  await chooser.getByText('Ricevo: 1 di 1').waitFor();
  await chooser.getByText('Do: 1 di 2').waitFor();
  await chooser.getByRole('checkbox', { name: '004 Giocatore 4' }).check();
  await chooser.getByText('Do: 2 di 2').waitFor();
  await page.screenshot({ path: '/tmp/e28-ultime-chooser.png' });
  await chooser.getByRole('button', { name: 'Invia proposta' }).click();
  await toast(page, 'Proposta inviata').waitFor();
  const sent =
    await carla.api.get<{ give: { number: string }[]; receive: { number: string }[] }[]>('/api/swaps');
  expect(
    sent.body.map((swap) => [swap.give.map((s) => s.number), swap.receive.map((s) => s.number)]),
  ).toEqual([[['2', '4'], ['3']]]);

  // From 005's detail in the album: 'Chi ce l'ha vicino'.
  await page.goto(`/album/${album.id}`);
  await page.getByRole('list', { name: 'Figurine' }).getByText('005', { exact: true }).click();
  await page
    .getByRole('dialog', { name: 'Figurina #005' })
    .getByRole('link', { name: "Chi ce l'ha vicino" })
    .click();
  await page.getByRole('heading', { name: 'Chi ha la 005 vicino a te' }).waitFor();
  await page.getByRole('article', { name: '005 Giocatore 5' }).getByText('Nessuno entro 50 km').waitFor();
  expect(await page.getByRole('article').count()).toBe(1);
  await context.close();
}, 120_000);

test("'Le mie ultime': a holder who needs none of my doubles offers 'Chiedi in chat', which opens our chat with the question ready", async () => {
  const { album } = await swappingPair({ withMatch: false });
  const carla = await registeredUser(server.url);
  const dario = await registeredUser(server.url);
  for (const [who, status, numbers] of [
    [carla, 'yes', '1'],
    [carla, 'double', '2,4'],
    [dario, 'yes', '1-4'],
    [dario, 'double', '5'],
  ] as const) {
    const marked = await who.api.post('/api/user/stickers/bulk', { albumId: album.id, numbers, status });
    expect(marked.status).toBe(200);
  }
  const { context, page } = await phoneOf(carla);
  await page.goto(`/album/${album.id}/ultime`);
  const five = page.getByRole('article', { name: '005 Giocatore 5' });
  await five.getByText(dario.nickname, { exact: true }).waitFor();
  // Dario has all of Carla's doubles: no proposal that would open on 'Do: 0 di 0'.
  expect(await five.getByRole('button', { name: 'Proponi scambio' }).count()).toBe(0);
  await five.getByRole('button', { name: `Chiedi in chat a ${dario.nickname}` }).click();
  await page.waitForURL(/\/chat\/\d+\?chiedi=/);
  await expect
    .poll(() => page.getByRole('textbox', { name: 'Messaggio' }).inputValue())
    .toBe(
      `Ciao ${dario.nickname}! Ti avanza la 005? Per ora non ho doppie che ti mancano, ma se ti serve qualcosa più avanti te la tengo da parte.`,
    );
  await context.close();
});

test("a double promised by an accepted swap reads 'Promessa a BRUNO' in the album; taking it off warns and calls the swap off, telling him in the chat", async () => {
  const { album, anna, bruno, matchId } = await swappingPair();
  const proposed = await anna.api.post<{ id: number }>('/api/swaps', {
    toUserId: bruno.id,
    albumId: album.id,
    give: ['1'],
    receive: ['3'],
  });
  expect((await bruno.api.post(`/api/swaps/${proposed.body.id}/accept`)).status).toBe(200);
  const annaPhone = await phoneOf(anna);
  const brunoPhone = await phoneOf(bruno);
  const { page: a } = annaPhone;
  await a.goto(`/album/${album.id}`);
  const one = a
    .getByRole('list', { name: 'Figurine' })
    .getByRole('listitem')
    .filter({ has: a.getByText('001', { exact: true }) });
  await one.getByText(`Promessa a ${bruno.nickname}`).waitFor();
  await a.screenshot({ path: '/tmp/e28-promise-row.png' });
  await one.getByRole('button', { name: 'Posseduta' }).click();
  const warning = a.getByRole('dialog', { name: `La #001 è promessa a ${bruno.nickname}` });
  await warning.waitFor();
  await a.screenshot({ path: '/tmp/e28-promise.png' });
  await warning.getByRole('button', { name: 'Annulla lo scambio' }).click();
  await expect.poll(() => warning.isVisible()).toBe(false);
  await expect
    .poll(async () => (await anna.api.get<{ status: string }>(`/api/swaps/${proposed.body.id}`)).body.status)
    .toBe('annullato');
  await expect
    .poll(
      async () =>
        (await marksOf(anna, album.id)).find((mark) => mark.stickerId === album.stickers[0]?.id)?.status,
    )
    .toBe('yes');
  // Bruno reads why in their chat.
  const { page: b } = brunoPhone;
  await b.goto(`/chat/${matchId}`);
  await b
    .getByRole('log', { name: 'Messaggi' })
    .getByText('Ho annullato lo scambio: Non ho più la #001')
    .waitFor();
  await annaPhone.context.close();
  await brunoPhone.context.close();
}, 120_000);
