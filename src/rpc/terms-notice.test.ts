import Fastify from 'fastify';
import { expect, test } from 'vitest';
import { deliveriesSettled } from '../../test/support/alert-fixtures.ts';
import { type ApiClient, registeredUser } from '../../test/support/api-client.ts';
import { MAIL_PUBLIC_URL, setUpServerWithMail } from '../../test/support/server-with-mail.ts';
import { tokenOfLink } from '../../test/support/smtp-server.ts';
import { sql } from '../../test/support/sql.ts';
import { openDatabase } from '../server/db/orm.ts';
import { startScheduler } from '../server/settings/scheduler.ts';

/*
 * Issue 47, row 1: a new version of the Termini is announced by e-mail, once, to every collector with a
 * verified address who accepted another one — by the scheduled jobs every instance runs each minute.
 */
const { smtp, server } = setUpServerWithMail();

let addresses = 0;
async function withVerifiedAddress(user: { api: ApiClient }) {
  const address = `termini.${process.pid}.${++addresses}@example.it`;
  await user.api.put('/api/user/email', { email: address });
  const [mail] = await smtp.waitForMails(address);
  await user.api.post('/api/auth/verify-email', { token: tokenOfLink(mail?.text ?? '', '/verifica-email') });
  return address;
}

/** The scheduled jobs' next tick, as every instance runs it each minute. */
async function tick() {
  const orm = await openDatabase(server.databaseUrl);
  const scheduler = startScheduler({
    orm,
    env: { NODE_ENV: 'test' },
    log: Fastify().log,
    backups: undefined,
    pinnedLogLevel: 'silent',
  });
  try {
    await scheduler.tick();
  } finally {
    await scheduler.stop();
    await orm.close();
  }
}

test('changed Termini: one mail to each collector with a verified address who accepted another version, once', async () => {
  const [outdated, current, unverified, deactivated] = await Promise.all([
    registeredUser(server.url),
    registeredUser(server.url),
    registeredUser(server.url),
    registeredUser(server.url),
  ]);
  const outdatedMail = await withVerifiedAddress(outdated);
  const currentMail = await withVerifiedAddress(current);
  const deactivatedMail = await withVerifiedAddress(deactivated);
  const unverifiedMail = `termini.${process.pid}.non-verificato@example.it`;
  await unverified.api.put('/api/user/email', { email: unverifiedMail });
  await smtp.waitForMails(unverifiedMail);
  await sql(
    server.databaseUrl,
    "update app_user set terms_version = '2026-01-01' where id = any($1::int[])",
    [[outdated.id, unverified.id, deactivated.id]],
  );
  await sql(server.databaseUrl, 'update app_user set is_active = false where id = $1', [deactivated.id]);
  // This server announced its version at start, when nobody had accepted another: a new version is a new row.
  await sql(server.databaseUrl, 'delete from terms_notice');

  await tick();
  const notice = (await smtp.waitForMails(outdatedMail, 2))[1];
  expect(notice?.subject).toBe('I Termini di Scambio Figurine cambiano');
  expect(notice?.text).toContain(`Ciao ${outdated.nickname},`);
  expect(notice?.text).toMatch(/dal \d+ \w+ \d{4} valgono i nuovi Termini/);
  expect(notice?.text).toContain(`${MAIL_PUBLIC_URL}/termini`);

  // Once: the next ticks, on any instance, send nothing more; nobody else was written to.
  await tick();
  await deliveriesSettled(server.databaseUrl);
  expect(smtp.mailsTo(outdatedMail)).toHaveLength(2);
  for (const address of [currentMail, deactivatedMail, unverifiedMail])
    expect(smtp.mailsTo(address)).toHaveLength(1);
});
