import type { EntityManager } from '@mikro-orm/postgresql';
import { z } from 'zod';
import { italianClock, italianInstant } from '../../rpc/schemas/italian-clock.ts';
import { enqueueJob } from '../jobs/job-queue.ts';
import { enqueueMail } from '../mail/mail-queue.ts';
import type { AlertMessage } from './alert-content.ts';
import { laterOf } from './quiet-hours.ts';

export const EMAIL_DIGEST_TASK = 'alert_email_digest';
export const emailDigestJob = z.object({ userId: z.number().int() });
/** The 'riepilogo giornaliero' goes at this hour of Italy's day, or after the collector's quiet hours. */
const DIGEST_HOUR = 18;
/** At most this many events in one summary: the rest are counted. */
const ITEMS_LISTED = 50;
/** Kept for one summary at most (a flood between two summaries is counted up to here): a bounded table. */
export const DIGEST_KEPT_MAX = 200;

/** The next DIGEST_HOUR:00 in Italy after `now`. */
function nextDigestTime(now: Date): Date {
  const today = italianInstant(italianClock(now), DIGEST_HOUR);
  if (today.getTime() > now.getTime()) return today;
  return italianInstant(italianClock(new Date(today.getTime() + 26 * 60 * 60 * 1000)), DIGEST_HOUR);
}

/**
 * A kind whose e-mails come as a 'riepilogo giornaliero' (issue 48, row 5): the alert is kept, and one job
 * per collector sends what was kept at 18:00 (or when their quiet hours end): a burst is one mail.
 */
export async function keepForEmailDigest(
  tx: EntityManager,
  alert: AlertMessage,
  now: Date,
  heldUntil: Date | undefined,
) {
  await tx.execute(
    `insert into alert_digest_item (user_id, kind, title, body, url) select ?, ?, ?, ?, ?
      where (select count(*) from alert_digest_item where user_id = ?) < ?`,
    [
      alert.recipientId,
      alert.kind,
      alert.title.slice(0, 200),
      alert.body.slice(0, 500),
      alert.url.slice(0, 300),
      alert.recipientId,
      DIGEST_KEPT_MAX,
    ],
  );
  await enqueueJob(
    tx,
    EMAIL_DIGEST_TASK,
    { userId: alert.recipientId },
    {
      runAt: laterOf(nextDigestTime(now), heldUntil),
      jobKey: `email-digest:${alert.recipientId}`,
      preserveRunAt: true,
    },
  );
}

/** The summary: every kept alert of the collector, oldest first, in one mail to their verified address. */
export async function sendEmailDigest(em: EntityManager, origin: string | undefined, userId: number) {
  await em.transactional(async (tx) => {
    const items = await tx.execute<{ title: string; body: string; url: string }[]>(
      'delete from alert_digest_item where user_id = ? returning id, title, body, url',
      [userId],
    );
    if (items.length === 0) return;
    const [user] = await tx.execute<{ nickname: string; email: string | null }[]>(
      `select nickname, case when email_verified_at is not null then email end as email from app_user
        where id = ? and is_active and deleted_at is null and not is_demo`,
      [userId],
    );
    if (!user?.email) return;
    const listed = items.slice(0, ITEMS_LISTED);
    const rest = items.length - listed.length;
    // At the bound more may have come: 'almeno'.
    const atLeast = items.length >= DIGEST_KEPT_MAX ? 'almeno ' : '';
    await enqueueMail(tx, {
      to: user.email,
      subject:
        items.length === 1
          ? 'Il tuo riepilogo: 1 novità'
          : `Il tuo riepilogo: ${atLeast}${items.length} novità`,
      text: [
        `Ciao ${user.nickname}, ecco cosa è successo su Scambio Figurine:`,
        '',
        ...listed.flatMap((item) => [`• ${item.title}: ${item.body}`, `  ${origin ?? ''}${item.url}`]),
        ...(rest > 0 ? ['', `… e ${atLeast}altre ${rest} novità nell'app.`] : []),
        '',
        '—',
        'Ricevi il riepilogo giornaliero invece di una e-mail per ogni avviso. Puoi cambiarlo in Profilo → Notifiche.',
      ].join('\n'),
    });
  });
}
