import type { EntityManager } from '@mikro-orm/postgresql';
import { ageBandOfUser, isMinor } from '../../rpc/schemas/age-band-rule.ts';
import { ALERT_KIND_LABELS } from '../../rpc/schemas/alerts.ts';
import type { Env } from '../env.ts';
import { enqueueJob } from '../jobs/job-queue.ts';
import { enqueueMail } from '../mail/mail-queue.ts';
import type { AlertMessage } from './alert-content.ts';
import { alertChannelsOf } from './alert-settings.ts';
import { keepForEmailDigest } from './email-digest.ts';
import { PUSH_TASK, type PushJob } from './push-sender.ts';
import { laterOf, minorsHeldUntil, quietUntil } from './quiet-hours.ts';
import { unsubscribeToken } from './unsubscribe-token.ts';

export type DeliveryConfig = {
  env: Pick<Env, 'PUBLIC_URL'>;
  secret: string;
  /** The number a push sets on the app's icon: what waits for the collector (swaps/waiting-count.ts). */
  badgeOf: (em: EntityManager, userId: number) => Promise<number>;
};

/** The API path of the one-click unsubscribe (RFC 8058), and the app's page an e-mail's link opens. */
export const UNSUBSCRIBE_API_PATH = '/api/alerts/unsubscribe';
export const UNSUBSCRIBE_PAGE_PATH = '/notifiche/disiscrizione';

function alertMail(config: DeliveryConfig, email: string, alert: AlertMessage) {
  const token = encodeURIComponent(unsubscribeToken(config.secret, alert.recipientId, alert.kind));
  const origin = config.env.PUBLIC_URL;
  return {
    to: email,
    subject: alert.title,
    text: [
      alert.body,
      '',
      `Apri Scambio Figurine: ${origin}${alert.url}`,
      '',
      '—',
      `Ricevi questa e-mail per «${ALERT_KIND_LABELS[alert.kind]}». Per non riceverle più:`,
      `${origin}${UNSUBSCRIBE_PAGE_PATH}?token=${token}`,
      'Puoi scegliere quali avvisi ricevere in Profilo → Notifiche.',
    ].join('\n'),
    unsubscribeUrl: `${origin}${UNSUBSCRIBE_API_PATH}?token=${token}`,
  };
}

/**
 * Sends `alert` where its collector wants it, in one transaction: a push job per subscribed device and,
 * with a verified address, a mail. Nothing for a collector who left, was deactivated or is a demo one.
 * `sourceJobId` makes a re-run of the same source job replace its push jobs instead of adding more.
 */
export async function deliverAlert(
  em: EntityManager,
  config: DeliveryConfig,
  profileAlert: AlertMessage,
  sourceJobId: string,
  now = new Date(),
): Promise<number> {
  return em.transactional(async (tx) => {
    const [recipient] = await tx.execute<{ parentId: number | null; nickname: string }[]>(
      `select parent_id as "parentId", nickname from app_user
        where id = ? and is_active and deleted_at is null and not is_demo`,
      [profileAlert.recipientId],
    );
    if (!recipient) return 0;
    // A child profile's alerts reach the parent who runs it (issue 45, row 2), named for the child.
    const alert =
      recipient.parentId == null
        ? profileAlert
        : {
            ...profileAlert,
            recipientId: recipient.parentId,
            title: `${profileAlert.title} · ${recipient.nickname}`,
          };
    const [user] = await tx.execute<
      {
        email: string | null;
        verified: boolean;
        birthYear: number | null;
        birthMonth: number | null;
        quietFrom: string | null;
        quietTo: string | null;
      }[]
    >(
      `select email, email_verified_at is not null as verified, birth_year as "birthYear", birth_month as "birthMonth",
              quiet_from as "quietFrom", quiet_to as "quietTo"
         from app_user where id = ? and is_active and deleted_at is null and not is_demo`,
      [alert.recipientId],
    );
    if (!user) return 0;
    // A minor's alerts wait for the morning from 20:00 (issue 45, row 7); anyone's wait out their own
    // 'Non disturbare' (issue 48, row 5).
    const quiet = user.quietFrom && user.quietTo ? { from: user.quietFrom, to: user.quietTo } : null;
    const runAt = laterOf(
      isMinor(ageBandOfUser(user, now)) ? minorsHeldUntil(now) : undefined,
      quietUntil(now, quiet),
    );
    const channels = await alertChannelsOf(tx, alert.recipientId, alert.kind);
    let queued = 0;
    if (channels.push) {
      const subscriptions = await tx.execute<{ id: string }[]>(
        'select id from push_subscription where user_id = ?',
        [alert.recipientId],
      );
      if (subscriptions.length > 0) {
        const badge = await config.badgeOf(tx, alert.recipientId);
        const { title, body, url, tag } = alert;
        for (const { id } of subscriptions) {
          const job: PushJob = {
            subscriptionId: Number(id),
            notification: { title, body, url, tag, badge },
            ttl: alert.ttl,
            urgency: alert.urgency,
          };
          // Before any alert still to compose (priority): a backlog of events never delays a push that is ready.
          // A held one is coalesced: a later alert of the same tag (that chat, that swap) takes its place.
          await enqueueJob(tx, PUSH_TASK, job, {
            jobKey: runAt
              ? `held:${alert.recipientId}:${tag}:${id}`
              : `push:${sourceJobId}:${alert.recipientId}:${id}`,
            priority: -1,
            ...(runAt ? { runAt, preserveRunAt: true } : {}),
          });
          queued += 1;
        }
      }
    }
    if (channels.email && user.email && user.verified) {
      if (channels.digest) await keepForEmailDigest(tx, alert, now, runAt);
      else await enqueueMail(tx, alertMail(config, user.email, alert), runAt ? { runAt } : {});
      queued += 1;
    }
    return queued;
  });
}
