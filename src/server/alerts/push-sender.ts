import type { EntityManager } from '@mikro-orm/postgresql';
import type { Task } from 'graphile-worker';
import webPush from 'web-push';
import { z } from 'zod';
import type { ExtraPushHost } from '../env-variables.ts';
import { isAllowedPushEndpoint } from './push-endpoint.ts';
import type { VapidKeys } from './vapid-keys.ts';

export const PUSH_TASK = 'push_send';

/** What the service worker shows (public/push-handler.js reads exactly this). */
const pushJob = z.object({
  subscriptionId: z.number().int(),
  notification: z.object({
    title: z.string(),
    body: z.string(),
    url: z.string(),
    tag: z.string(),
    badge: z.number().int(),
  }),
  ttl: z.number().int(),
  urgency: z.enum(['very-low', 'low', 'normal', 'high']),
});
export type PushJob = z.infer<typeof pushJob>;

/** How one push ended: `gone` deleted its subscription, `retry` is tried again later, `dropped` never. */
export type PushOutcome = 'sent' | 'gone' | 'retry' | 'dropped';

/** A push service that takes longer than this is retried later. */
const SEND_TIMEOUT_MS = 10_000;

/** The answer statuses after which this device's subscription is dead. */
const GONE = new Set([404, 410]);

export type PushSenderConfig = {
  vapid: VapidKeys;
  extraHosts: readonly ExtraPushHost[];
  onOutcome?: (outcome: PushOutcome) => void;
  warn: (message: string) => void;
};

class RetryLater extends Error {}

/**
 * Sends one push: the payload encrypted for the device (aes128gcm, RFC 8291) and signed for the push
 * service (VAPID, RFC 8292) by web-push, posted by us so that redirects are never followed and the address
 * is checked again. 404/410 delete the subscription; 429 and 5xx throw, so the queue retries with backoff.
 */
export async function sendPush(
  em: EntityManager,
  config: PushSenderConfig,
  job: PushJob,
): Promise<PushOutcome> {
  const [subscription] = await em.execute<{ endpoint: string; p256dh: string; auth: string }[]>(
    'select endpoint, p256dh, auth from push_subscription where id = ?',
    [job.subscriptionId],
  );
  if (!subscription) return 'dropped';
  const deleteIt = () => em.execute('delete from push_subscription where id = ?', [job.subscriptionId]);
  if (!isAllowedPushEndpoint(subscription.endpoint, config.extraHosts)) {
    await deleteIt();
    return 'gone';
  }
  const request = webPush.generateRequestDetails(
    { endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } },
    JSON.stringify(job.notification),
    {
      vapidDetails: config.vapid,
      TTL: job.ttl,
      urgency: job.urgency,
      // The push service keeps only the newest waiting message of a topic for a phone that is off.
      topic: job.notification.tag.replace(/[^A-Za-z0-9_-]/g, '').slice(0, 32),
      contentEncoding: 'aes128gcm',
    },
  );
  let response: Response;
  try {
    response = await fetch(request.endpoint, {
      method: request.method,
      headers: request.headers as Record<string, string>,
      body: new Uint8Array(request.body as Buffer),
      redirect: 'manual',
      signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
    });
    await response.body?.cancel();
  } catch (error) {
    throw new RetryLater(`push service unreachable: ${error instanceof Error ? error.message : error}`);
  }
  if (response.status >= 200 && response.status < 300) return 'sent';
  if (GONE.has(response.status)) {
    await deleteIt();
    return 'gone';
  }
  if (response.status === 429 || response.status >= 500) {
    throw new RetryLater(`push service answered ${response.status}`);
  }
  config.warn(`push refused for good (${response.status}) by ${new URL(subscription.endpoint).host}`);
  return 'dropped';
}

/** The queue's task: a throw has the job retried later (graphile-worker's backoff). */
export function pushTasks(em: () => EntityManager, config: PushSenderConfig): Record<string, Task> {
  return {
    [PUSH_TASK]: async (payload) => {
      try {
        config.onOutcome?.(await sendPush(em(), config, pushJob.parse(payload)));
      } catch (error) {
        if (error instanceof RetryLater) config.onOutcome?.('retry');
        throw error;
      }
    },
  };
}
