import type { EntityManager } from '@mikro-orm/postgresql';
import { queueAlert } from '../alerts/alert-events.ts';
import { refreshReserved } from '../collection/reserved.ts';
import { publishSwapEvent } from './swap-events.ts';

type Ended = {
  id: number;
  album_id: number;
  from_user_id: number;
  to_user_id: number;
  was_accepted: boolean;
};

/**
 * Ends the swaps `where` (SQL over `swap`) picks before their time, releasing what the accepted ones
 * reserved, and tells both participants of each. An accepted swap that one side had confirmed, or that is
 * past its deadline, ends 'non_completato' (the side that confirmed may rate the other); anything else
 * 'annullato'. Swap rows are locked, then the collections (user, then album: the order of the
 * transitions). Runs in the caller's transaction when it has one; returns the ids. With `leaverId` (a
 * collector deactivated or gone), the other side of each swap gets an alert that it is over.
 */
export async function endSwaps(
  em: EntityManager,
  where: { sql: string; params: unknown[] },
  leaverId?: number,
) {
  return em.transactional(async (tx) => {
    const ended = await tx.execute<Ended[]>(
      `with picked as (select id, status from swap where ${where.sql} order by id for update)
       update swap w
          set status = case when w.status = 'accettato' and (w.from_confirmed or w.to_confirmed or w.expires_at <= now())
                            then 'non_completato' else 'annullato' end,
              expires_at = least(w.expires_at, now()),
              updated_at = now()
         from picked where w.id = picked.id
       returning w.id, w.album_id, w.from_user_id, w.to_user_id, picked.status = 'accettato' as was_accepted`,
      where.params,
    );
    const held = new Map<string, [number, number]>();
    for (const swap of ended.filter((swap) => swap.was_accepted)) {
      for (const userId of [swap.from_user_id, swap.to_user_id]) {
        held.set(`${userId}:${swap.album_id}`, [userId, swap.album_id]);
      }
    }
    const collections = [...held.values()].sort((a, b) => a[0] - b[0] || a[1] - b[1]);
    for (const [userId, albumId] of collections) {
      await tx.execute('select 1 from collection where user_id = ? and album_id = ? for update', [
        userId,
        albumId,
      ]);
    }
    for (const [userId, albumId] of collections) await refreshReserved(tx, userId, albumId);
    for (const swap of ended) {
      await publishSwapEvent(tx, swap.id, [swap.from_user_id, swap.to_user_id]);
      if (leaverId === undefined) continue;
      const recipientId = swap.from_user_id === leaverId ? swap.to_user_id : swap.from_user_id;
      await queueAlert(tx, { kind: 'answer', swapId: swap.id, recipientId, outcome: 'uscito' });
    }
    return ended.map((swap) => swap.id);
  });
}

/** Swaps still under way (an overdue one is left to the clean-up, swap-cleanup.ts). */
const OPEN = `status in ('proposto', 'accettato') and expires_at > now()`;

/** Calls off every open swap between two collectors: a block does this (docs/decisions/016). */
export function cancelOpenSwapsBetween(em: EntityManager, userA: number, userB: number) {
  return endSwaps(em, {
    sql: `${OPEN} and ((from_user_id = ? and to_user_id = ?) or (from_user_id = ? and to_user_id = ?))`,
    params: [userA, userB, userB, userA],
  });
}

/** Calls off every open swap of a collector: their deactivation does this (docs/decisions/015). */
export function cancelOpenSwapsOf(em: EntityManager, userId: number) {
  return endSwaps(
    em,
    { sql: `${OPEN} and (from_user_id = ? or to_user_id = ?)`, params: [userId, userId] },
    userId,
  );
}
