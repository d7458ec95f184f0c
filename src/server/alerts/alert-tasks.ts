import type { MikroORM } from '@mikro-orm/postgresql';
import type { Task } from 'graphile-worker';
import { composeAlerts } from './alert-content.ts';
import { type DeliveryConfig, deliverAlert } from './alert-delivery.ts';
import { ALERT_TASK, alertEvent } from './alert-events.ts';
import { DIGEST_TASK, type DigestSearch, digestJob, runDigest } from './digest.ts';
import { EMAIL_DIGEST_TASK, emailDigestJob, sendEmailDigest } from './email-digest.ts';
import { type PushSenderConfig, pushTasks } from './push-sender.ts';

export type AlertTasksConfig = DeliveryConfig & PushSenderConfig & { digestSearch: DigestSearch };

/**
 * The job queue's tasks of the alerts (docs/decisions/034): an event becomes what each collector is told
 * (re-read now), each told thing a push job per device and perhaps a mail; the digest checks and
 * re-schedules itself; push jobs send.
 */
export function alertTasks(orm: MikroORM, config: AlertTasksConfig): Record<string, Task> {
  return {
    [ALERT_TASK]: async (payload, helpers) => {
      const em = orm.em.fork();
      for (const alert of await composeAlerts(em, alertEvent.parse(payload))) {
        await deliverAlert(em, config, alert, helpers.job.id);
      }
    },
    [DIGEST_TASK]: async (payload, helpers) => {
      await runDigest(orm.em.fork(), config, digestJob.parse(payload), helpers.job.id);
    },
    [EMAIL_DIGEST_TASK]: async (payload) => {
      await sendEmailDigest(orm.em.fork(), config.env.PUBLIC_URL, emailDigestJob.parse(payload).userId);
    },
    ...pushTasks(() => orm.em.fork(), config),
  };
}
