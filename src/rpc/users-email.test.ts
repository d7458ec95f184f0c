import { expect, test } from 'vitest';
import { apiClient, registeredUser } from '../../test/support/api-client.ts';
import { MAIL_PUBLIC_URL, setUpServerWithMail } from '../../test/support/server-with-mail.ts';
import { tokenOfLink } from '../../test/support/smtp-server.ts';
import { sql } from '../../test/support/sql.ts';

const PUBLIC_URL = MAIL_PUBLIC_URL;
const { smtp, server } = setUpServerWithMail();

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

  // 'Invia di nuovo': the same unverified address again sends a new link; only the newest one works.
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

test('an address another account has verified is refused with a 409', async () => {
  const owner = await registeredUser(server.url);
  const address = freshAddress('conteso');
  await owner.api.put('/api/user/email', { email: address });
  const token = tokenOfLink((await smtp.waitForMails(address))[0]?.text ?? '', '/verifica-email');
  await owner.api.post('/api/auth/verify-email', { token });

  const other = await registeredUser(server.url);
  const taken = await other.api.put('/api/user/email', { email: address.toUpperCase() });
  expect(taken).toMatchObject({
    status: 409,
    body: { message: 'Questa e-mail è già usata da un altro account' },
  });
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

test("verification mails are limited per account: 'Invia di nuovo' five times an hour, then a 429", async () => {
  const user = await registeredUser(server.url);
  const address = freshAddress('insistente');
  const statuses = [];
  for (let index = 0; index < 6; index += 1) {
    statuses.push((await user.api.put('/api/user/email', { email: address })).status);
  }
  expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  const refused = await user.api.put('/api/user/email', { email: freshAddress('altro') });
  expect(refused).toMatchObject({ status: 429, body: { message: 'Troppe richieste: riprova più tardi' } });
  await smtp.waitForMails(address, 5);
});
