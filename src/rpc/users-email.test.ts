import { expect, test } from 'vitest';
import { ADULT_BIRTH, apiClient, registeredUser, uniqueNickname } from '../../test/support/api-client.ts';
import { MAIL_PUBLIC_URL, setUpServerWithMail } from '../../test/support/server-with-mail.ts';
import { tokenOfLink } from '../../test/support/smtp-server.ts';
import { sql } from '../../test/support/sql.ts';

const PUBLIC_URL = MAIL_PUBLIC_URL;
const { smtp, server } = setUpServerWithMail();

/** As if this account's verification mails had gone `minutes` earlier. */
const backdateVerificationMails = (userId: number, minutes: number) =>
  sql(
    server.databaseUrl,
    `update account_token set created_at = created_at - make_interval(mins => $2)
      where user_id = $1 and purpose = 'verify_email'`,
    [userId, minutes],
  );

let addresses = 0;
const freshAddress = (name = 'collezionista') => `${name}.${process.pid}.${++addresses}@example.it`;

test('the verification mail arrives with a text part and a link that verifies the address once', async () => {
  const user = await registeredUser(server.url);
  const address = freshAddress();
  const set = await user.api.put('/api/user/email', { email: `  ${address.toUpperCase()} ` });
  expect(set).toMatchObject({ status: 200, body: { email: address, emailVerified: false } });

  const [mail] = await smtp.waitForMails(address);
  expect(mail?.subject).toBe('Conferma il tuo indirizzo e-mail');
  expect(mail?.text).toContain(`${PUBLIC_URL}/verifica-email?token=`);
  expect(mail?.raw.from?.text).toContain('noreply@localhost');
  const token = tokenOfLink(mail?.text ?? '', '/verifica-email');

  // The link is opened anywhere, without a session.
  const stranger = apiClient(server.url);
  expect(await stranger.post('/api/auth/verify-email', { token })).toMatchObject({
    status: 200,
    body: { ok: true },
  });
  expect((await user.api.get('/api/auth/me')).body).toMatchObject({ email: address, emailVerified: true });

  const again = await stranger.post('/api/auth/verify-email', { token });
  expect(again).toMatchObject({ status: 400, body: { message: 'Link non valido o scaduto' } });
  const forged = await stranger.post('/api/auth/verify-email', { token: 'NOT-A-TOKEN' });
  expect(forged).toMatchObject({ status: 400, body: { message: 'Link non valido o scaduto' } });
});

test('changing a verified address tells the old one, and the old link no longer verifies', async () => {
  const user = await registeredUser(server.url);
  const first = freshAddress('primo');
  await user.api.put('/api/user/email', { email: first });
  const token = tokenOfLink((await smtp.waitForMails(first))[0]?.text ?? '', '/verifica-email');
  expect((await user.api.post('/api/auth/verify-email', { token })).status).toBe(200);

  const second = freshAddress('secondo');
  const changed = await user.api.put('/api/user/email', { email: second });
  expect(changed).toMatchObject({ status: 200, body: { email: second, emailVerified: false } });
  const [, notice] = await smtp.waitForMails(first, 2);
  expect(notice?.subject).toBe("L'e-mail del tuo account è cambiata");
  expect(notice?.text).toContain(user.nickname);
  expect(notice?.text).not.toContain(second);
  await smtp.waitForMails(second);

  // 'Invia di nuovo': the same unverified address again waits 10 minutes, then sends a new link; only the
  // newest one works.
  const tooSoon = await user.api.put('/api/user/email', { email: second });
  expect(tooSoon).toMatchObject({
    status: 429,
    body: {
      message:
        'Ti abbiamo già inviato un link da poco: controlla anche la posta indesiderata, o chiedine un altro tra 10 minuti',
    },
  });
  await backdateVerificationMails(user.id, 9);
  expect((await user.api.put('/api/user/email', { email: second })).body).toMatchObject({
    message: expect.stringMatching(/ tra 1 minuto$/),
  });
  await backdateVerificationMails(user.id, 2);
  const resent = await user.api.put('/api/user/email', { email: second });
  expect(resent.status).toBe(200);
  const [older, newer] = await smtp.waitForMails(second, 2);
  const olderToken = tokenOfLink(older?.text ?? '', '/verifica-email');
  expect((await user.api.post('/api/auth/verify-email', { token: olderToken })).status).toBe(400);
  const newerToken = tokenOfLink(newer?.text ?? '', '/verifica-email');
  expect((await user.api.post('/api/auth/verify-email', { token: newerToken })).status).toBe(200);
});

test('a link for an address that is no longer the account’s does not verify the new one', async () => {
  const user = await registeredUser(server.url);
  const first = freshAddress('vecchio');
  await user.api.put('/api/user/email', { email: first });
  const token = tokenOfLink((await smtp.waitForMails(first))[0]?.text ?? '', '/verifica-email');
  await user.api.put('/api/user/email', { email: '' });
  expect((await user.api.get('/api/auth/me')).body).toMatchObject({ email: null, emailVerified: false });
  expect((await user.api.post('/api/auth/verify-email', { token })).status).toBe(400);
});

test('an address another account has verified is answered like a fresh one: its owner gets a notice, no link', async () => {
  const owner = await registeredUser(server.url);
  const address = freshAddress('conteso');
  await owner.api.put('/api/user/email', { email: address });
  const token = tokenOfLink((await smtp.waitForMails(address))[0]?.text ?? '', '/verifica-email');
  await owner.api.post('/api/auth/verify-email', { token });

  // A prober tries the taken address and a fresh one: the two answers differ only by the address.
  const prober = await registeredUser(server.url);
  const taken = await prober.api.put('/api/user/email', { email: address.toUpperCase() });
  const fresh = freshAddress('nuovo');
  const notTaken = await prober.api.put('/api/user/email', { email: fresh });
  expect(taken.status).toBe(200);
  expect(notTaken.status).toBe(200);
  expect(JSON.stringify(taken.body).replaceAll(address, fresh)).toBe(JSON.stringify(notTaken.body));
  expect(taken.body).toMatchObject({ email: address, emailVerified: false });

  // The owner is told, without a link and without the other account's name; the fresh address gets its link.
  const [, notice] = await smtp.waitForMails(address, 2);
  expect(notice?.subject).toBe('Il tuo indirizzo è stato indicato per un altro account');
  expect(notice?.text).toContain(`Ciao ${owner.nickname},`);
  expect(notice?.text).not.toContain('/verifica-email');
  expect(notice?.text).not.toContain(prober.nickname);
  await smtp.waitForMails(fresh);
  // The address stays the owner's.
  expect((await owner.api.get('/api/auth/me')).body).toMatchObject({ email: address, emailVerified: true });
});

test('verification mails to one address: 3 a day whoever asks, 10 an hour from one client, none twice in 10 minutes', async () => {
  // Three fresh accounts aim 'Conferma il tuo indirizzo' at one victim; the fourth is refused.
  const victim = freshAddress('bersaglio');
  const statuses = [];
  for (let index = 0; index < 4; index += 1) {
    const account = await registeredUser(server.url);
    statuses.push((await account.api.put('/api/user/email', { email: victim.toUpperCase() })).status);
  }
  expect(statuses).toEqual([200, 200, 200, 429]);
  expect(await smtp.waitForMails(victim, 3)).toHaveLength(3);

  // One client address driving many accounts at many addresses: 10 an hour.
  const ip = `10.250.${process.pid % 250}.1`;
  const fromOneClient = [];
  for (let index = 0; index < 11; index += 1) {
    const account = apiClient(server.url, { ip });
    const registered = await account.post('/api/auth/register', {
      nickname: uniqueNickname('I'),
      password: 'password1',
      cap: '20121',
      ...ADULT_BIRTH,
    });
    expect(registered.status).toBe(200);
    fromOneClient.push((await account.put('/api/user/email', { email: freshAddress('cliente') })).status);
  }
  expect(fromOneClient).toEqual([...Array(10).fill(200), 429]);
  expect(smtp.mailsTo(victim)).toHaveLength(3);
});

test('the address is validated, the e-mail is shown only to its owner, and a session is needed', async () => {
  const user = await registeredUser(server.url);
  const cases: [unknown, string][] = [
    [{ email: 'non-una-email' }, 'Indirizzo e-mail non valido'],
    [{ email: `${'a'.repeat(250)}@x.it` }, "L'indirizzo e-mail non può superare 254 caratteri"],
    [{}, 'Indica un indirizzo e-mail'],
  ];
  for (const [body, message] of cases) {
    expect(await user.api.put('/api/user/email', body)).toMatchObject({ status: 400, body: { message } });
  }
  expect((await apiClient(server.url).put('/api/user/email', { email: freshAddress() })).status).toBe(401);

  const address = freshAddress('privato');
  await user.api.put('/api/user/email', { email: address });
  const [row] = await sql<{ email: string }>(server.databaseUrl, 'select email from app_user where id = $1', [
    user.id,
  ]);
  expect(row?.email).toBe(address);
  const other = await registeredUser(server.url);
  expect(JSON.stringify((await other.api.get('/api/auth/me')).body)).not.toContain(address);
});

test('verification mails are limited per account: five addresses an hour, then a 429', async () => {
  const user = await registeredUser(server.url);
  const addresses = Array.from({ length: 6 }, () => freshAddress('insistente'));
  const statuses = [];
  for (const address of addresses) {
    statuses.push((await user.api.put('/api/user/email', { email: address })).status);
  }
  expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  const refused = await user.api.put('/api/user/email', { email: freshAddress('altro') });
  expect(refused).toMatchObject({ status: 429, body: { message: 'Troppe richieste: riprova più tardi' } });
  for (const address of addresses.slice(0, 5)) await smtp.waitForMails(address);
  expect(smtp.mailsTo(addresses[5] as string)).toEqual([]);
});
