import type { EntityManager } from '@mikro-orm/postgresql';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { registeredUser } from '../../../test/support/api-client.ts';
import { logLines } from '../../../test/support/log-lines.ts';
import { startSmtpServer, type TestSmtpServer } from '../../../test/support/smtp-server.ts';
import { sql } from '../../../test/support/sql.ts';
import { startTestServer, type TestServer } from '../../../test/support/test-server.ts';
import { openDatabase } from '../db/orm.ts';
import { enqueueMail } from './mail-queue.ts';

let smtp: TestSmtpServer;
let first: TestServer;
let second: TestServer;
let orm: Awaited<ReturnType<typeof openDatabase>>;
beforeAll(async () => {
  smtp = await startSmtpServer();
  first = await startTestServer({ env: { SMTP_URL: smtp.url } });
  // A second instance on the same database: both workers listen for the same jobs.
  second = await startTestServer({ databaseUrl: first.databaseUrl, env: { SMTP_URL: smtp.url } });
  orm = await openDatabase(first.databaseUrl);
});
afterAll(async () => {
  await orm?.close();
  await second?.close();
  await first?.close();
  await smtp?.close();
});

const mail = (to: string) => ({ to, subject: `Prova ${to}`, text: `Testo per ${to}` });
const inTransaction = (work: (em: EntityManager) => Promise<void>) =>
  (orm.em.fork() as EntityManager).transactional(work);

/** Waits, bounded, until the queue has no job left (sent, or failed for good). */
async function queueEmpty(timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const [row] = await sql<{ count: number }>(
      first.databaseUrl,
      'select count(*)::int as count from graphile_worker.jobs',
    );
    if (row?.count === 0) return;
    if (Date.now() > deadline) throw new Error(`${row?.count} job(s) still queued`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

test('a mail queued in a transaction that rolls back is never sent; one that commits is', async () => {
  const lost = `annullata.${process.pid}@example.it`;
  const kept = `confermata.${process.pid}@example.it`;
  await expect(
    inTransaction(async (em) => {
      await enqueueMail(em, mail(lost));
      throw new Error('rolled back');
    }),
  ).rejects.toThrow('rolled back');
  await inTransaction((em) => enqueueMail(em, mail(kept)));

  const [sent] = await smtp.waitForMails(kept);
  expect(sent).toMatchObject({ subject: `Prova ${kept}`, text: `Testo per ${kept}\n` });
  await queueEmpty();
  expect(smtp.mailsTo(lost)).toEqual([]);
});

test('two instances on one database send each queued mail exactly once', async () => {
  const recipients = Array.from({ length: 30 }, (_, index) => `doppia${index}.${process.pid}@example.it`);
  await Promise.all(recipients.map((to) => inTransaction((em) => enqueueMail(em, mail(to)))));
  await Promise.all(recipients.map((to) => smtp.waitForMails(to)));
  await queueEmpty();
  for (const to of recipients) expect(smtp.mailsTo(to)).toHaveLength(1);
});

test('a mail the SMTP server refuses is retried later, and then sent once', async () => {
  const to = `ritentata.${process.pid}@example.it`;
  smtp.refuseNext(1);
  await inTransaction((em) => enqueueMail(em, mail(to)));
  await smtp.waitForMails(to, 1, 20_000);
  expect(smtp.refused).toBe(1);
  await queueEmpty();
  expect(smtp.mailsTo(to)).toHaveLength(1);
}, 30_000);

test('a job that failed for good is deleted by the daily clean-up, with the address it carried', async () => {
  const to = `fallita.${process.pid}@example.it`;
  const count = async (where: string) =>
    (
      await sql<{ count: number }>(
        first.databaseUrl,
        `select count(*)::int as count from graphile_worker.jobs ${where}`,
      )
    )[0]?.count;
  smtp.refuseNext(1);
  await sql(first.databaseUrl, `select graphile_worker.add_job('send_mail', $1::json, max_attempts => 1)`, [
    JSON.stringify(mail(to)),
  ]);
  const deadline = Date.now() + 10_000;
  while ((await count('where attempts = max_attempts and locked_at is null')) !== 1) {
    if (Date.now() > deadline) throw new Error('the job did not fail');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  await sql(first.databaseUrl, "select graphile_worker.add_job('job_queue_cleanup', '{}'::json)");
  await queueEmpty();
  expect(smtp.mailsTo(to)).toEqual([]);
});

test('a mail queued while no worker runs is sent once one starts (nothing lost across a restart)', async () => {
  const smtpUrl = smtp.url;
  const databaseUrl = first.databaseUrl;
  await second.close();
  await first.close();
  const to = `dopo-il-riavvio.${process.pid}@example.it`;
  await inTransaction((em) => enqueueMail(em, mail(to)));
  first = await startTestServer({ databaseUrl, env: { SMTP_URL: smtpUrl } });
  second = await startTestServer({ databaseUrl, env: { SMTP_URL: smtpUrl } });
  await smtp.waitForMails(to);
  await queueEmpty();
  expect(smtp.mailsTo(to)).toHaveLength(1);
});

test('without SMTP_URL outside production the mail, its link included, is printed in the log', async () => {
  const log = logLines();
  const server = await startTestServer({ env: { LOG_LEVEL: 'info' }, logDestination: log.destination });
  try {
    const user = await registeredUser(server.url);
    const address = `registro.${process.pid}@example.it`;
    expect((await user.api.put('/api/user/email', { email: address })).status).toBe(200);
    const deadline = Date.now() + 10_000;
    while (!log.text.includes('/verifica-email?token=') && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const line = log.lines.find((entry) => String(entry.msg).includes('/verifica-email?token='));
    expect(line).toMatchObject({ mail: { to: address, subject: 'Conferma il tuo indirizzo e-mail' } });
    expect(String(line?.msg)).toMatch(/http:\/\/localhost:0\/verifica-email\?token=[A-Za-z0-9_-]+/);
  } finally {
    await server.close();
  }
});
