import { afterAll, beforeAll, expect, test } from 'vitest';
import { deliveriesSettled, shown, subscribeDevice } from '../../test/support/alert-fixtures.ts';
import { apiClient } from '../../test/support/api-client.ts';
import { createAlbum, type TestAlbum } from '../../test/support/catalogue.ts';
import { startPushService } from '../../test/support/push-service.ts';
import { MAIL_PUBLIC_URL, setUpServerWithMail } from '../../test/support/server-with-mail.ts';
import { type ReceivedMail, tokenOfLink } from '../../test/support/smtp-server.ts';
import { type SwapCollector, swapHelpers } from '../../test/support/swaps.ts';

// The push service starts first: the server is told its address.
const push = await startPushService();
afterAll(() => push.close());
const { smtp, server } = setUpServerWithMail({ PUSH_ENDPOINT_HOSTS: `http://${push.host}` });
let album: TestAlbum;
beforeAll(async () => {
  album = await createAlbum(server.databaseUrl, { stickers: 20 });
});
const { propose, pair } = swapHelpers(server, () => album);

const UNSUBSCRIBE_URL = `${MAIL_PUBLIC_URL}/api/alerts/unsubscribe?token=`;
let addresses = 0;
const freshAddress = () => `avvisi.${process.pid}.${++addresses}@example.it`;

/** Gives `user` an address, verified (or not) through the mailed link as the collector would. */
async function withAddress(user: SwapCollector, { verified }: { verified: boolean }) {
  const address = freshAddress();
  expect((await user.api.put('/api/user/email', { email: address })).status).toBe(200);
  const [mail] = await smtp.waitForMails(address);
  if (verified) {
    const token = tokenOfLink(mail?.text ?? '', '/verifica-email');
    expect((await user.api.post('/api/auth/verify-email', { token })).status).toBe(200);
  }
  return address;
}

/** A header of a received mail as it was written (folded lines joined). */
const headerOf = (mail: ReceivedMail | undefined, name: string) =>
  mail?.raw.headerLines
    .find((header) => header.key === name)
    ?.line.replace(/\r?\n[ \t]+/g, ' ')
    .slice(name.length + 1)
    .trim();

/** What a mail program does with List-Unsubscribe-Post (RFC 8058): a form post from its servers, no cookie. */
const oneClick = (url: string) =>
  fetch(url.replace(MAIL_PUBLIC_URL, server.url), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: 'List-Unsubscribe=One-Click',
  });

/** Bruno, with a verified address and a phone, wants proposals (and answers) by e-mail too; Anna proposes. */
async function proposalByMail() {
  const { anna, bruno } = await pair();
  const address = await withAddress(bruno, { verified: true });
  const phone = await subscribeDevice(push, bruno);
  const both = { push: true, email: true };
  expect((await bruno.api.put('/api/user/notifications', { proposal: both, answer: both })).status).toBe(200);
  const swapId = (await propose(anna, bruno, ['1'], ['11'])).body.id;
  const [, mail] = await smtp.waitForMails(address, 2);
  return { anna, bruno, address, phone, swapId, mail };
}

test('a proposal by e-mail: its text, the link to the swap, and a one-click List-Unsubscribe', async () => {
  const { anna, phone, swapId, mail } = await proposalByMail();
  expect(mail?.subject).toBe('Nuova proposta di scambio');
  expect(mail?.text).toContain(`${anna.nickname} ti propone 1 figurina per 1 figurina (${album.name})`);
  expect(mail?.text).toContain(`Apri Scambio Figurine: ${MAIL_PUBLIC_URL}/scambi?scambio=${swapId}\n`);
  expect(mail?.text).toContain('«Nuove proposte di scambio»');
  const pageToken = tokenOfLink(mail?.text ?? '', '/notifiche/disiscrizione');
  expect(headerOf(mail, 'list-unsubscribe')).toBe(`<${UNSUBSCRIBE_URL}${encodeURIComponent(pageToken)}>`);
  expect(headerOf(mail, 'list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
  // Push is still on for proposals: the phone hears of it too.
  const [pushed] = await push.waitForMessages(phone);
  expect(shown(pushed).title).toBe('Nuova proposta di scambio');
});

test('the one-click unsubscribe, posted as a mail program does, stops that kind of e-mail only', async () => {
  const { anna, bruno, address, phone, mail } = await proposalByMail();
  const url = headerOf(mail, 'list-unsubscribe')?.slice(1, -1) as string;
  const answer = await oneClick(url);
  expect(answer.status).toBe(200);
  expect(await answer.json()).toEqual({ kind: 'proposal' });
  const { body } = await bruno.api.get('/api/user/notifications');
  expect(body).toMatchObject({
    settings: { proposal: { push: true, email: false }, answer: { push: true, email: true } },
    emailVerified: true,
  });
  // Posting it again changes nothing and is still answered 200 (a mail program may retry).
  expect((await oneClick(url)).status).toBe(200);

  const again = await propose(anna, bruno, ['2'], ['12']);
  await push.waitForMessages(
    (message) => message.subscriptionEndpoint === phone && shown(message).tag === `swap-${again.body.id}`,
  );
  await deliveriesSettled(server.databaseUrl);
  expect(smtp.mailsTo(address)).toHaveLength(2);
});

test('a tampered or missing unsubscribe token is refused with a 400 in Italian, and changes nothing', async () => {
  const { anna, bruno, mail } = await proposalByMail();
  const token = tokenOfLink(mail?.text ?? '', '/notifiche/disiscrizione');
  const [, kind, mac] = token.split('.');
  const tampered = [
    `${anna.id}.${kind}.${mac}`,
    `${bruno.id}.answer.${mac}`,
    `${bruno.id}.${kind}.${'A'.repeat(32)}`,
    '',
  ];
  for (const forged of tampered) {
    const answer = await oneClick(`${UNSUBSCRIBE_URL}${encodeURIComponent(forged)}`);
    expect(answer.status, forged).toBe(400);
    expect(await answer.json()).toEqual({ message: 'Link per disiscriversi non valido' });
  }
  const { body } = await bruno.api.get('/api/user/notifications');
  expect(body).toMatchObject({ settings: { proposal: { email: true }, answer: { email: true } } });
});

test("the e-mail's page link unsubscribes through the app's own call, without a login", async () => {
  const { bruno, mail } = await proposalByMail();
  const token = tokenOfLink(mail?.text ?? '', '/notifiche/disiscrizione');
  const stranger = apiClient(server.url);
  const answer = await stranger.request('POST', '/trpc/alerts.unsubscribeEmail', { json: { token } });
  expect(answer).toMatchObject({ status: 200, body: { result: { data: { kind: 'proposal' } } } });
  const { body } = await bruno.api.get('/api/user/notifications');
  expect(body).toMatchObject({ settings: { proposal: { push: true, email: false } } });
});

test('an address not verified gets no alert by e-mail, even with the switch on', async () => {
  const { anna, bruno } = await pair();
  const address = await withAddress(bruno, { verified: false });
  const phone = await subscribeDevice(push, bruno);
  const set = await bruno.api.put('/api/user/notifications', { proposal: { push: true, email: true } });
  expect(set).toMatchObject({ status: 200, body: { emailVerified: false } });
  await propose(anna, bruno, ['1'], ['11']);
  await push.waitForMessages(phone);
  await deliveriesSettled(server.databaseUrl);
  expect(smtp.mailsTo(address).map((mail) => mail.subject)).toEqual(['Conferma il tuo indirizzo e-mail']);
});

test('e-mail instead of push: the mail goes, the phone hears nothing', async () => {
  const { anna, bruno } = await pair();
  const address = await withAddress(bruno, { verified: true });
  const phone = await subscribeDevice(push, bruno);
  const set = await bruno.api.put('/api/user/notifications', { proposal: { push: false, email: true } });
  expect(set.status).toBe(200);
  const swapId = (await propose(anna, bruno, ['1'], ['11'])).body.id;
  const [, mail] = await smtp.waitForMails(address, 2);
  expect(mail?.text).toContain(`/scambi?scambio=${swapId}`);
  await deliveriesSettled(server.databaseUrl);
  expect(push.messagesFor(phone)).toEqual([]);
  expect(push.requestCount(phone)).toBe(0);
});
