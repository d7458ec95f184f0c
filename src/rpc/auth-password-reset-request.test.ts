import { expect, test } from 'vitest';
import { apiClient, registeredUser, uniqueNickname } from '../../test/support/api-client.ts';
import { MAIL_PUBLIC_URL, setUpServerWithMail } from '../../test/support/server-with-mail.ts';
import { tokenOfLink } from '../../test/support/smtp-server.ts';
import { sql } from '../../test/support/sql.ts';
import { consumeToken } from '../server/auth/account-tokens.ts';
import { openDatabase } from '../server/db/orm.ts';

const PUBLIC_URL = MAIL_PUBLIC_URL;
// The production password hashing: the timing test below would not see a hash that cost nothing.
const { smtp, server } = setUpServerWithMail({ PASSWORD_HASH_COST: 'owasp' });

let addresses = 0;
const freshAddress = () => `reset.${process.pid}.${++addresses}@example.it`;

/** A collector whose address is verified through the link mailed to it. */
async function verifiedCollector() {
  const user = await registeredUser(server.url);
  const email = freshAddress();
  await user.api.put('/api/user/email', { email });
  const token = tokenOfLink((await smtp.waitForMails(email))[0]?.text ?? '', '/verifica-email');
  expect((await user.api.post('/api/auth/verify-email', { token })).status).toBe(200);
  return { ...user, email };
}

async function queueEmpty(timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const [row] = await sql<{ count: number }>(
      server.databaseUrl,
      'select count(*)::int as count from graphile_worker.jobs',
    );
    if (row?.count === 0) return;
    if (Date.now() > deadline) throw new Error(`${row?.count} job(s) still queued`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const request = (login: string) => apiClient(server.url).post('/api/auth/password-reset/request', { login });

test('the answer is the same for an unknown nickname, an unverified address and a real account', async () => {
  const verified = await verifiedCollector();
  const unverified = await registeredUser(server.url);
  const unverifiedEmail = freshAddress();
  await unverified.api.put('/api/user/email', { email: unverifiedEmail });
  await smtp.waitForMails(unverifiedEmail);

  const answers = await Promise.all([
    request(verified.nickname.toLowerCase()),
    request(uniqueNickname('NX')),
    request(unverified.nickname),
    request(unverifiedEmail),
    request(`nessuno.${process.pid}@example.it`),
  ]);
  for (const answer of answers) {
    expect({ status: answer.status, body: answer.body }).toEqual({ status: 200, body: { ok: true } });
    expect(answer.headers.get('content-length')).toBe(answers[0]?.headers.get('content-length'));
  }

  // Only the verified address receives a link (1 hour, single use); the unverified one got nothing more.
  const [, reset] = await smtp.waitForMails(verified.email, 2);
  expect(reset?.subject).toBe('Reimposta la password di Scambio Figurine');
  expect(reset?.text).toContain(`${PUBLIC_URL}/reimposta-password?token=`);
  await queueEmpty();
  expect(smtp.mailsTo(unverifiedEmail)).toHaveLength(1);

  const token = tokenOfLink(reset?.text ?? '', '/reimposta-password');
  const orm = await openDatabase(server.databaseUrl);
  try {
    const em = orm.em.fork();
    expect(await consumeToken(em, 'reset_password', token)).toEqual({
      userId: verified.id,
      email: verified.email,
    });
    expect(await consumeToken(em, 'reset_password', token)).toBeUndefined();
  } finally {
    await orm.close();
  }
});

test('the verified address works as the login too, in any case', async () => {
  const verified = await verifiedCollector();
  expect((await request(verified.email.toUpperCase())).status).toBe(200);
  const [, reset] = await smtp.waitForMails(verified.email, 2);
  expect(reset?.text).toContain('/reimposta-password?token=');
});

test('requests are limited per login (429, known or not) and an account gets few links an hour', async () => {
  for (const login of [uniqueNickname('NY'), (await verifiedCollector()).nickname]) {
    const answers = [];
    for (let index = 0; index < 6; index += 1) answers.push(await request(login));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200, 429]);
    expect(answers[5]?.body).toEqual({ message: 'Troppe richieste: riprova più tardi' });
  }
  const collector = await verifiedCollector();
  // All at once, by nickname and by address: the two workers take them in parallel, the count still holds.
  const logins = [
    collector.nickname,
    collector.email,
    collector.nickname.toLowerCase(),
    collector.email.toUpperCase(),
  ];
  await Promise.all([...logins, ...logins].map((login) => request(login)));
  await queueEmpty();
  // One verification mail, then at most three reset links in the hour.
  expect(smtp.mailsTo(collector.email)).toHaveLength(4);
});

test('requests are limited per IP address', async () => {
  const client = apiClient(server.url, { ip: '198.51.100.77' });
  const statuses = [];
  for (let index = 0; index < 21; index += 1) {
    statuses.push(
      (await client.post('/api/auth/password-reset/request', { login: uniqueNickname('IP') })).status,
    );
  }
  expect(statuses.filter((status) => status === 429)).toHaveLength(1);
  expect(statuses.at(-1)).toBe(429);
});

test('an unknown nickname is answered in the same time as a real account’s, within noise', async () => {
  // Four accounts, each asked at most five times (the limit per login).
  const accounts = [];
  for (let i = 0; i < 4; i += 1) accounts.push(await verifiedCollector());
  const times: Record<'known' | 'unknown', number[]> = { known: [], unknown: [] };
  // Two rounds to warm up, then sixteen, interleaved: a loaded machine's pauses fall on both kinds alike.
  for (let round = 0; round < 18; round += 1) {
    for (const kind of ['known', 'unknown'] as const) {
      const login = kind === 'known' ? (accounts[round % 4]?.nickname ?? '') : uniqueNickname('TX');
      const started = performance.now();
      // A client of its own, so an address of its own: no answer here may be a rate limit's.
      const answer = await request(login);
      if (round >= 2) times[kind].push(performance.now() - started);
      expect(answer.status).toBe(200);
    }
  }
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
  const [known, unknown] = [median(times.known), median(times.unknown)];
  // A password hash or a mail sent in the request for a real account alone would cost 40 ms or more.
  expect(Math.abs(known - unknown)).toBeLessThan(15 + 0.5 * Math.min(known, unknown));
});
