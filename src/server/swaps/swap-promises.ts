import type { EntityManager } from '@mikro-orm/postgresql';

/**
 * My promises in an album: each sticker an accepted swap (within its 14 days) has me give, with the swap
 * and the collector it goes to, so the album can mark it ('promessa a GIORGIO') and warn before I take the
 * double off. Bounded by the open swaps, themselves bounded (decision 015).
 */
export async function swapPromises(em: EntityManager, meId: number, albumId: number) {
  const rows = await em.execute<{ sticker_id: number; swap_id: number; nickname: string }[]>(
    `select i.sticker_id, w.id as swap_id, u.nickname
       from swap w
       join swap_item i on i.swap_id = w.id and i.giver_id = ?
       join app_user u on u.id = case when w.from_user_id = ? then w.to_user_id else w.from_user_id end
      where w.album_id = ? and w.status = 'accettato' and w.expires_at > now()
      order by w.id`,
    [meId, meId, albumId],
  );
  return rows.map((row) => ({ stickerId: row.sticker_id, swapId: row.swap_id, nickname: row.nickname }));
}
