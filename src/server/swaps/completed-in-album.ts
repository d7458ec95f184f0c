import type { EntityManager } from '@mikro-orm/postgresql';
import { findAlbumOrFail } from '../albums/albums.ts';
import { swapSeenBySql } from '../users/swap-standing.ts';

/**
 * How many swaps of an album I completed, online and in person, on either side: the figure on the 'Album
 * completato' image (issue 49). Only the swaps I see (users/swap-standing.ts): an in-person record the
 * other phone alone made is not mine yet, so a stranger cannot add to my count. 'completato' is final, so
 * the stored status is the one everybody reads.
 */
export async function completedSwapsInAlbum(em: EntityManager, userId: number, albumId: number) {
  await findAlbumOrFail(em, albumId);
  const [row] = await em.execute<{ count: number }[]>(
    `select count(*)::int as count from swap w
      where w.album_id = ? and w.status = 'completato' and (w.from_user_id = ? or w.to_user_id = ?)
        and ${swapSeenBySql('w', '?::int')}`,
    [albumId, userId, userId, userId],
  );
  return { count: row?.count ?? 0 };
}
