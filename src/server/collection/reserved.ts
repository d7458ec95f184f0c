import type { EntityManager } from '@mikro-orm/postgresql';

/**
 * Recomputes one collector's `reserved` bitmap in one album: bit `slot` set when accepted swaps in which
 * they give that sticker hold all of its spares (docs/decisions/015). The match search gives only
 * `doubles & ~reserved`. Call it in the transaction that changed reservations, spares or statuses, with
 * the collection row locked.
 */
export async function refreshReserved(tx: EntityManager, userId: number, albumId: number) {
  await tx.execute(
    `update collection c
        set reserved = coalesce((
          select string_agg(case when held.slot is null then '0' else '1' end, '' order by n)::varbit
            from generate_series(0, length(c.owned) - 1) n
            left join (
              select s.slot
                from swap_item i
                join swap w on w.id = i.swap_id and w.status = 'accettato'
                join sticker s on s.id = i.sticker_id
                left join sticker_spare sp on sp.user_id = i.giver_id and sp.sticker_id = i.sticker_id
               where i.giver_id = c.user_id and w.album_id = c.album_id
               group by s.slot, sp.spares
              having count(*) >= coalesce(sp.spares, 1)
            ) held on held.slot = n
        ), ''::varbit)
      where c.user_id = ? and c.album_id = ?
        and (bit_count(c.reserved) > 0 or exists (
          select 1 from swap_item i join swap w on w.id = i.swap_id and w.status = 'accettato'
           where i.giver_id = c.user_id and w.album_id = c.album_id))`,
    [userId, albumId],
  );
}
