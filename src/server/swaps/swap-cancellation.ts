import type { EntityManager } from '@mikro-orm/postgresql';
import { refreshReserved } from '../collection/reserved.ts';
import { publishSwapEvent } from './swap-events.ts';

/**
 * Calls off every open swap (proposed or accepted) between two collectors, releasing what the accepted
 * ones reserved: a block does this (docs/decisions/015). Runs in the caller's transaction when it has one.
 * Returns the ids of the swaps cancelled.
 */
export async function cancelOpenSwapsBetween(em: EntityManager, userA: number, userB: number) {
  return em.transactional(async (tx) => {
    const cancelled = await tx.execute<{ id: number; album_id: number; was_accepted: boolean }[]>(
      `with open as (
         select id, status from swap
          where status in ('proposto', 'accettato')
            and ((from_user_id = ? and to_user_id = ?) or (from_user_id = ? and to_user_id = ?))
          for update
       )
       update swap w set status = 'annullato', updated_at = now()
         from open where w.id = open.id
       returning w.id, w.album_id, open.status = 'accettato' as was_accepted`,
      [userA, userB, userB, userA],
    );
    const albums = new Set(cancelled.filter((swap) => swap.was_accepted).map((swap) => swap.album_id));
    for (const albumId of albums) {
      await tx.execute(
        'select 1 from collection where album_id = ? and user_id in (?, ?) order by user_id for update',
        [albumId, userA, userB],
      );
      await refreshReserved(tx, userA, albumId);
      await refreshReserved(tx, userB, albumId);
    }
    for (const swap of cancelled) await publishSwapEvent(tx, swap.id, [userA, userB]);
    return cancelled.map((swap) => swap.id);
  });
}
