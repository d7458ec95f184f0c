import type { EntityManager } from '@mikro-orm/postgresql';
import type { User } from '../db/entities/user.ts';

/**
 * 'Com'è andata?' (issue 46, row 7): the swaps I recorded at a meet — each with the other collector, what
 * went each way and whether I rated it yet — to rate and, if need be, report from Scambi.
 */
export async function radunoSwaps(em: EntityManager, me: User, radunoId: number) {
  return em.execute<
    {
      swapId: number;
      otherId: number;
      otherNickname: string;
      gave: number;
      received: number;
      rated: boolean;
    }[]
  >(
    `select w.id as "swapId", o.id as "otherId", o.nickname as "otherNickname",
            (select count(*)::int from swap_item i where i.swap_id = w.id and i.giver_id = ?) as gave,
            (select count(*)::int from swap_item i where i.swap_id = w.id and i.giver_id <> ?) as received,
            exists (select 1 from swap_rating r where r.swap_id = w.id and r.rater_id = ?) as rated
       from swap w
       join app_user o on o.id = case when w.from_user_id = ? then w.to_user_id else w.from_user_id end
      where w.raduno_id = ? and ? in (w.from_user_id, w.to_user_id)
      order by w.created_at, w.id`,
    [me.id, me.id, me.id, me.id, radunoId, me.id],
  );
}
