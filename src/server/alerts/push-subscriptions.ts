import type { EntityManager } from '@mikro-orm/postgresql';
import type { PushSubscriptionInput } from '../../rpc/schemas/alerts.ts';
import { DomainError } from '../domain-error.ts';
import type { ExtraPushHost } from '../env-variables.ts';
import { isAllowedPushEndpoint } from './push-endpoint.ts';

export const UNKNOWN_PUSH_SERVICE_MESSAGE = 'Servizio di notifiche non riconosciuto';

/** Devices one account keeps subscribed; a new one past this replaces the one unrefreshed for longest. */
const DEVICES_MAX = 10;

/**
 * Subscribes this device (its session) to the collector's alerts: idempotent per endpoint, which moves to
 * this account and session if another had it. The endpoint must be a known push service (no SSRF).
 */
export async function savePushSubscription(
  em: EntityManager,
  auth: { userId: number; sessionId: string },
  subscription: PushSubscriptionInput,
  extraHosts: readonly ExtraPushHost[],
): Promise<void> {
  if (!isAllowedPushEndpoint(subscription.endpoint, extraHosts)) {
    throw new DomainError('BAD_REQUEST', UNKNOWN_PUSH_SERVICE_MESSAGE);
  }
  await em.transactional(async (tx) => {
    await tx.execute('select 1 from app_user where id = ? for update', [auth.userId]);
    await tx.execute(
      `insert into push_subscription (user_id, session_id, endpoint, p256dh, auth) values (?, ?, ?, ?, ?)
       on conflict (endpoint) do update
         set user_id = excluded.user_id, session_id = excluded.session_id, p256dh = excluded.p256dh,
             auth = excluded.auth, refreshed_at = now()`,
      [auth.userId, auth.sessionId, subscription.endpoint, subscription.keys.p256dh, subscription.keys.auth],
    );
    await tx.execute(
      `delete from push_subscription where id in (
         select id from push_subscription where user_id = ? order by refreshed_at desc, id desc offset ?)`,
      [auth.userId, DEVICES_MAX],
    );
  });
}

/** Stops this device's alerts (the switch in Profilo, or a refusal in the browser). */
export async function removePushSubscription(em: EntityManager, userId: number, endpoint: string) {
  await em.execute('delete from push_subscription where user_id = ? and endpoint = ?', [userId, endpoint]);
}

export async function countPushDevices(em: EntityManager, userId: number): Promise<number> {
  const [row] = await em.execute<{ count: number }[]>(
    'select count(*)::int as count from push_subscription where user_id = ?',
    [userId],
  );
  return row?.count ?? 0;
}
