import type { EntityManager } from '@mikro-orm/postgresql';
import { IN_PERSON_PAST_DAYS } from '../../rpc/schemas/swaps-limits.ts';
import { endSwaps } from './swap-cancellation.ts';

/** Declined, cancelled and expired swaps older than this are deleted by the daily clean-up. */
export const ENDED_SWAPS_KEPT_DAYS = 90;

/**
 * Accepted swaps past their 14 days are written 'non_completato' and their reservations released (they
 * already read so, swap-view.ts). The scheduler runs it every minute on one instance, whatever the
 * maintenance mode: the stickers a swap held must not stay out of the search for long.
 */
export async function closeOverdueSwaps(tx: EntityManager) {
  await endSwaps(tx, { sql: `status = 'accettato' and expires_at <= now()`, params: [] });
}

/**
 * The swaps' part of the daily clean-up (settings/maintenance.ts), in its transaction: overdue swaps
 * closed as above, declined, cancelled and expired swaps untouched for ENDED_SWAPS_KEPT_DAYS deleted, and
 * swaps recorded in person by one phone only deleted once the other phone can no longer record them
 * (IN_PERSON_PAST_DAYS after the swap's time): a claim nobody confirmed is kept no longer than it could be.
 */
export async function cleanUpSwaps(tx: EntityManager) {
  await closeOverdueSwaps(tx);
  await tx.execute(
    `delete from swap
      where (status in ('rifiutato', 'annullato') and updated_at < now() - make_interval(days => ?))
         or (status = 'proposto' and expires_at < now() - make_interval(days => ?))
         or (mode = 'dal_vivo' and not (from_confirmed and to_confirmed)
             and created_at < now() - make_interval(days => ?))`,
    [ENDED_SWAPS_KEPT_DAYS, ENDED_SWAPS_KEPT_DAYS, IN_PERSON_PAST_DAYS],
  );
}
