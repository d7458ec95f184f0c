import type { EntityManager } from '@mikro-orm/postgresql';

/**
 * The items of the swaps `swapIds` whose giver no longer has a spare for them that no accepted swap holds:
 * the rule acceptance checks (docs/decisions/015), read by the cards too, so a proposal that could no
 * longer be accepted says so before anyone tries. In number order of the album (slot).
 */
export function goneItems(em: EntityManager, swapIds: number[]) {
  return em.execute<{ swap_id: number; number: string }[]>(
    `select i.swap_id, s.number
       from swap_item i
       join sticker s on s.id = i.sticker_id
       left join collection g on g.user_id = i.giver_id and g.album_id = s.album_id
       left join sticker_spare sp on sp.user_id = i.giver_id and sp.sticker_id = i.sticker_id
      where i.swap_id = any(string_to_array(?, ',')::int[])
        and (g.doubles is null or get_bit(g.doubles, s.slot) = 0 or coalesce(sp.spares, 1) <= (
              select count(*) from swap_item o join swap w on w.id = o.swap_id and w.status = 'accettato'
               where o.giver_id = i.giver_id and o.sticker_id = i.sticker_id))
      order by s.slot`,
    [swapIds.join(',')],
  );
}
