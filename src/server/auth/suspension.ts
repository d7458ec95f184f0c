import type { EntityManager } from '@mikro-orm/postgresql';
import { italianMoment } from '../../rpc/schemas/italian-dates.ts';

export const suspendedMessage = (until: Date) =>
  `Il tuo account è sospeso fino al ${italianMoment(until)}. Ti abbiamo scritto le motivazioni e come contestarle.`;

/**
 * An admin's 'Sospendi' ends by itself (issue 47, row 3): an account whose suspension has passed is active
 * again, with its child profiles (they followed it) — at its owner's next login (`userId`), and for
 * everyone at the daily clean-up. A deactivation has no end: only an admin reactivates.
 */
export async function liftExpiredSuspensions(em: EntityManager, userId?: number) {
  await em.execute(
    `with lifted as (
       update app_user set is_active = true, suspended_until = null
        where suspended_until <= now() and not is_active and deleted_at is null
          and (?::int is null or id = ?::int)
       returning id)
     update app_user set is_active = true where parent_id in (select id from lifted) and deleted_at is null`,
    [userId ?? null, userId ?? null],
  );
}
