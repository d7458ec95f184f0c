import type { MikroORM } from '@mikro-orm/postgresql';
import { afterAll, beforeAll, expect, inject, test } from 'vitest';
import { seedCollector } from '../../../test/support/collectors.ts';
import { createTestDatabase } from '../../../test/support/database.ts';
import { sql } from '../../../test/support/sql.ts';
import { openDatabase } from '../db/orm.ts';
import type { AlertMessage } from './alert-content.ts';
import { deliverAlert } from './alert-delivery.ts';
import { DIGEST_KEPT_MAX, sendEmailDigest } from './email-digest.ts';

// Issue 45, row 7, against a real database and job queue: what deliverAlert queues for a minor waits for
// 8:00 from 20:00 in Italy, pushes and e-mails alike; an adult's goes at once — unless their own 'Non
// disturbare' holds it, or their e-mails of that kind wait for the daily summary (issue 48, row 5).
let orm: MikroORM;
let databaseUrl: string;
beforeAll(async () => {
  databaseUrl = await createTestDatabase(inject('clusterUrl'));
  orm = await openDatabase(databaseUrl);
});
afterAll(async () => {
  await orm?.close();
});

const config = {
  env: { PUBLIC_URL: 'https://scambio.example' },
  secret: 'a-test-secret-of-at-least-32-characters',
  badgeOf: async () => 0,
};

/** A collector with a phone subscribed and a verified address, born in `birthYear`. */
async function recipient(nickname: string, birthYear: number) {
  const user = await seedCollector(orm.em.fork(), {
    nickname,
    cap: '20121',
    birth: { birthYear, birthMonth: 1 },
  });
  await sql(
    databaseUrl,
    `with s as (insert into user_session (id, user_id, created_at, expires_at) values ($2, $1, now(), now() + interval '1 day') returning id)
     insert into push_subscription (user_id, session_id, endpoint, p256dh, auth) select $1, s.id, $3, 'k', 'a' from s`,
    [user.id, `session-${nickname}`.padEnd(43, 'x'), `https://push.example/${nickname}`],
  );
  await sql(databaseUrl, 'update app_user set email = $2, email_verified_at = now() where id = $1', [
    user.id,
    `${nickname.toLowerCase()}@example.com`,
  ]);
  await sql(
    databaseUrl,
    "insert into alert_setting (user_id, kind, push, email) values ($1, 'message', true, true)",
    [user.id],
  );
  return user.id;
}

const message = (recipientId: number): AlertMessage => ({
  kind: 'message',
  recipientId,
  title: 'Nuovo messaggio',
  body: 'ciao',
  url: '/chat/1',
  tag: 'chat-1',
  ttl: 3600,
  urgency: 'normal',
});

/** When the push and the mail queued for `userId` may run. */
const queuedFor = async (userId: number) =>
  (
    await sql<{ task: string; run_at: Date }>(
      databaseUrl,
      `select t.identifier as task, j.run_at
         from graphile_worker._private_jobs j join graphile_worker._private_tasks t on t.id = j.task_id
        where (t.identifier = 'push_send' and j.payload->>'subscriptionId' in (select id::text from push_subscription where user_id = $1))
           or (t.identifier = 'send_mail' and j.payload->>'to' = (select email from app_user where id = $1))
        order by t.identifier`,
      [userId],
    )
  ).map((job) => ({ task: job.task, runAt: new Date(job.run_at).toISOString() }));

/** Queued to run now (the queue's own clock), not at a later hour. */
const atOnce = (job: { runAt: string }) => Math.abs(Date.parse(job.runAt) - Date.now()) < 60_000;

test("a minor's push and e-mail wait from 20:00 to 8:00 in Italy; an adult's go at once; in the day a minor's go at once", async () => {
  const year = new Date().getFullYear();
  const teen = await recipient('QTEEN', year - 15);
  const adult = await recipient('QADULT', 1980);
  const dayTeen = await recipient('DTEEN', year - 16);
  // 20:30 in Rome on a winter evening (UTC+1), and the next 8:00 there.
  const evening = new Date('2026-01-15T19:30:00Z');
  const morning = '2026-01-16T07:00:00.000Z';
  for (const id of [teen, adult]) {
    expect(await deliverAlert(orm.em.fork(), config, message(id), `job-${id}`, evening)).toBe(2);
  }
  expect(await queuedFor(teen)).toEqual([
    { task: 'push_send', runAt: morning },
    { task: 'send_mail', runAt: morning },
  ]);
  expect((await queuedFor(adult)).map(atOnce)).toEqual([true, true]);

  // 19:59 in Rome is still the day.
  const beforeEight = new Date('2026-01-15T18:59:00Z');
  expect(await deliverAlert(orm.em.fork(), config, message(dayTeen), 'job-day', beforeEight)).toBe(2);
  expect((await queuedFor(dayTeen)).map(atOnce)).toEqual([true, true]);
});

test("an adult's own 'Non disturbare' holds pushes and mails to its end, one push per chat; none sends at once", async () => {
  const quiet = await recipient('QQUIET', 1980);
  const awake = await recipient('QAWAKE', 1981);
  await sql(databaseUrl, "update app_user set quiet_from = '21:00', quiet_to = '08:00' where id = $1", [
    quiet,
  ]);
  // 23:30 in Rome on a winter night, and the next 8:00 there.
  const night = new Date('2026-01-15T22:30:00Z');
  const morning = '2026-01-16T07:00:00.000Z';
  expect(await deliverAlert(orm.em.fork(), config, message(quiet), 'job-q1', night)).toBe(2);
  // A second message of the same chat meanwhile: still one push waiting, the newer one.
  expect(
    await deliverAlert(orm.em.fork(), config, { ...message(quiet), body: 'ci sei?' }, 'job-q2', night),
  ).toBe(2);
  expect(await queuedFor(quiet)).toEqual([
    { task: 'push_send', runAt: morning },
    { task: 'send_mail', runAt: morning },
    { task: 'send_mail', runAt: morning },
  ]);
  const [push] = await sql<{ body: string }>(
    databaseUrl,
    `select j.payload->'notification'->>'body' as body from graphile_worker._private_jobs j
      where j.payload->>'subscriptionId' in (select id::text from push_subscription where user_id = $1)`,
    [quiet],
  );
  expect(push?.body).toBe('ci sei?');
  expect(await deliverAlert(orm.em.fork(), config, message(awake), 'job-a', night)).toBe(2);
  expect((await queuedFor(awake)).map(atOnce)).toEqual([true, true]);
});

test("'Riepilogo giornaliero': a kind's mails wait for one summary at 18:00 in Italy, which lists them all", async () => {
  const reader = await recipient('QDIGEST', 1982);
  await sql(databaseUrl, "update alert_setting set digest = true where user_id = $1 and kind = 'message'", [
    reader,
  ]);
  // 10:00 in Rome: the summary goes at 18:00 the same day.
  const morning = new Date('2026-01-15T09:00:00Z');
  await deliverAlert(orm.em.fork(), config, message(reader), 'job-d1', morning);
  await deliverAlert(
    orm.em.fork(),
    config,
    { ...message(reader), body: 'ci vediamo?', url: '/chat/2', tag: 'chat-2' },
    'job-d2',
    morning,
  );
  expect((await queuedFor(reader)).map((job) => job.task)).toEqual(['push_send', 'push_send']);
  const [summary] = await sql<{ run_at: Date }>(
    databaseUrl,
    'select run_at from graphile_worker._private_jobs where key = $1',
    [`email-digest:${reader}`],
  );
  expect(new Date(summary?.run_at as Date).toISOString()).toBe('2026-01-15T17:00:00.000Z');

  await sendEmailDigest(orm.em.fork(), 'https://scambio.example', reader);
  const [mail] = await sql<{ subject: string; text: string }>(
    databaseUrl,
    `select j.payload->>'subject' as subject, j.payload->>'text' as text from graphile_worker._private_jobs j
       join graphile_worker._private_tasks t on t.id = j.task_id
      where t.identifier = 'send_mail' and j.payload->>'to' = 'qdigest@example.com'`,
  );
  expect(mail?.subject).toBe('Il tuo riepilogo: 2 novità');
  expect(mail?.text).toContain('• Nuovo messaggio: ciao');
  expect(mail?.text).toContain('• Nuovo messaggio: ci vediamo?');
  expect(mail?.text).toContain('https://scambio.example/chat/2');
  expect(await sql(databaseUrl, 'select id from alert_digest_item where user_id = $1', [reader])).toEqual([]);

  // A flood before the next summary: DIGEST_KEPT_MAX kept at most, and the mail says 'almeno'.
  await sql(
    databaseUrl,
    `insert into alert_digest_item (user_id, kind, title, body, url)
     select $1, 'message', 'Nuovo messaggio', 'n. ' || n, '/chat/1' from generate_series(1, $2::int - 1) n`,
    [reader, DIGEST_KEPT_MAX],
  );
  for (const job of ['job-d3', 'job-d4'])
    await deliverAlert(orm.em.fork(), config, message(reader), job, morning);
  const kept = await sql(databaseUrl, 'select id from alert_digest_item where user_id = $1', [reader]);
  expect(kept).toHaveLength(DIGEST_KEPT_MAX);
  await sendEmailDigest(orm.em.fork(), 'https://scambio.example', reader);
  const [flood] = await sql<{ subject: string; text: string }>(
    databaseUrl,
    `select j.payload->>'subject' as subject, j.payload->>'text' as text from graphile_worker._private_jobs j
       join graphile_worker._private_tasks t on t.id = j.task_id
      where t.identifier = 'send_mail' and j.payload->>'to' = 'qdigest@example.com' order by j.id desc limit 1`,
  );
  expect(flood?.subject).toBe(`Il tuo riepilogo: almeno ${DIGEST_KEPT_MAX} novità`);
  expect(flood?.text).toContain(`… e almeno altre ${DIGEST_KEPT_MAX - 50} novità nell'app.`);
});
