import type { ApiClient } from './api-client.ts';
import type { PushMessage } from './push-request.ts';
import type { TestPushService } from './push-service.ts';
import { sql } from './sql.ts';

/** What the service worker shows of a push (public/push-handler.js reads exactly this). */
export type Shown = { title: string; body: string; url: string; tag: string; badge: number };
export const shown = (message: PushMessage | undefined) => message?.json as Shown;

/** The pushes of one tag (`swap-<id>`, `chat-<matchId>`, `digest`) to one device. */
export const pushesTagged = (push: TestPushService, endpoint: string, tag: string) =>
  push.messagesFor(endpoint).filter((message) => shown(message).tag === tag);

/** A device of `user` subscribed to their alerts on the test's push service; its endpoint. */
export async function subscribeDevice(push: TestPushService, user: { api: ApiClient }) {
  const subscription = push.newSubscription();
  const response = await user.api.post('/api/user/push-subscriptions', subscription);
  if (response.status !== 200) throw new Error(`subscription refused: ${JSON.stringify(response.body)}`);
  return subscription.endpoint;
}

/** The queue's tasks that turn an event into pushes and mails (alerts/, mail/, the Termini's notice). */
const DELIVERY_TASKS = ['alert', 'push_send', 'send_mail', 'terms_notice', 'alert_email_digest'];

/**
 * Waits, bounded, until the delivery jobs due within a minute have all run (sent, dropped, or failed for
 * good): a burst's gathering alert and a retry's backoff included, the reminders days ahead not. After it,
 * a push or mail that has not arrived is not coming.
 */
export async function deliveriesSettled(databaseUrl: string, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const [row] = await sql<{ count: number }>(
      databaseUrl,
      `select count(*)::int as count from graphile_worker.jobs
        where task_identifier = any($1) and attempts < max_attempts
          and (locked_at is not null or run_at < now() + interval '1 minute')`,
      [DELIVERY_TASKS],
    );
    if (row?.count === 0) return;
    if (Date.now() > deadline) throw new Error(`${row?.count} delivery job(s) still queued`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The id of the queue's job with this key (a message's gathering alert, a swap's reminder), if any. */
export async function jobWithKey(databaseUrl: string, key: string) {
  const [row] = await sql<{ id: string; run_at: Date; locked_at: Date | null }>(
    databaseUrl,
    'select id, run_at, locked_at from graphile_worker.jobs where key = $1',
    [key],
  );
  return row;
}

/** Moves a waiting job to `runAt` (now: at once); false when it was already running or gone. */
export async function rescheduleJob(databaseUrl: string, key: string, runAt: 'now' | Date) {
  const rows = await sql(
    databaseUrl,
    `select id from graphile_worker.reschedule_jobs(
       array(select id from graphile_worker.jobs where key = $1), run_at => coalesce($2::timestamptz, now()))`,
    [key, runAt === 'now' ? null : runAt.toISOString()],
  );
  return rows.length === 1;
}
