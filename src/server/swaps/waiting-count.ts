import type { EntityManager } from '@mikro-orm/postgresql';
import { blockedBySql } from '../blocks/blocked-pair.ts';
import { unreadByViewerSql } from '../matches/unread-messages.ts';
import { swapsWaiting } from './swap-view.ts';

/**
 * What waits for me, as the Match tab's badge adds it up: the others' messages not read yet in chats I did
 * not block, plus the swaps waiting for my answer or my confirmation. A push carries it for the app's icon
 * (`setAppBadge`).
 */
export async function waitingCount(em: EntityManager, userId: number): Promise<number> {
  const [row] = await em.execute<{ unread: number }[]>(
    `select count(*)::int as unread
       from match m join message x on x.match_id = m.id
      where (m.user_low_id = ? or m.user_high_id = ?) and ${unreadByViewerSql('?')}
        and not ${blockedBySql('?', 'x.sender_id')}`,
    [userId, userId, userId, userId, userId],
  );
  const { count } = await swapsWaiting(em, userId);
  return (row?.unread ?? 0) + count;
}
