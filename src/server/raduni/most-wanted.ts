import type { EntityManager } from '@mikro-orm/postgresql';
import { MOST_WANTED_MAX, MOST_WANTED_SHARERS_MIN, RADUNO_KEPT_DAYS } from '../../rpc/schemas/raduni.ts';
import type { User } from '../db/entities/user.ts';
import { DomainError } from '../domain-error.ts';
import { isAnnouncer, RADUNO_NOT_FOUND_MESSAGE, radunoAlbum } from './raduni.ts';

export const MOST_WANTED_FORBIDDEN_MESSAGE = "Le più cercate le vede chi va al raduno e chi l'organizza";

type Counted = { number: string; name: string; count: number };

/**
 * 'Le più cercate qui' (issue 46, row 6): among the attendees who share, the MOST_WANTED_MAX stickers most
 * missing and most offered (free doubles), with counts only — what to bring, what to ask for. For the
 * organiser and whoever goes; nothing counted below MOST_WANTED_SHARERS_MIN sharers, where a count would
 * tell one collector's lists. Until the meet's data is deleted.
 */
export async function mostWanted(
  em: EntityManager,
  me: User,
  input: { id: number; albumId?: number | undefined },
) {
  const [raduno] = await em.execute<{ place_id: number; going: boolean }[]>(
    `select swap_point_id as place_id,
            exists (select 1 from raduno_participant m where m.raduno_id = r.id and m.user_id = ?) as going
       from raduno r where r.id = ? and r.ends_at > now() - make_interval(days => ?)`,
    [me.id, input.id, RADUNO_KEPT_DAYS],
  );
  if (!raduno) throw new DomainError('NOT_FOUND', RADUNO_NOT_FOUND_MESSAGE);
  if (!raduno.going && !(await isAnnouncer(em, me, raduno.place_id))) {
    throw new DomainError('FORBIDDEN', MOST_WANTED_FORBIDDEN_MESSAGE);
  }
  const album = await radunoAlbum(em, me, input);
  const [{ sharers } = { sharers: 0 }] = await em.execute<{ sharers: number }[]>(
    `select count(*)::int as sharers
       from raduno_participant p join app_user u on u.id = p.user_id and u.is_active and u.deleted_at is null
       join collection c on c.user_id = p.user_id and c.album_id = ?
      where p.raduno_id = ? and p.shares`,
    [album.id, input.id],
  );
  if (sharers < MOST_WANTED_SHARERS_MIN) return { album, sharers, cercate: [], offerte: [] };
  // One pass over the sharers' bitmaps: per slot, how many miss it and how many have a free double.
  const rows = await em.execute<(Counted & { kind: 'cercate' | 'offerte' })[]>(
    `with sharers as (
       select c.owned, c.doubles & ~c.reserved as free
         from raduno_participant p join app_user u on u.id = p.user_id and u.is_active and u.deleted_at is null
         join collection c on c.user_id = p.user_id and c.album_id = ?
        where p.raduno_id = ? and p.shares
     ), counts as (
       select s.number, s.name, s.position, s.id,
              count(*) filter (where get_bit(x.owned, s.slot) = 0)::int as missing,
              count(*) filter (where get_bit(x.free, s.slot) = 1)::int as offered
         from sticker s cross join sharers x
        where s.album_id = ?
        group by s.id
     )
     (select 'cercate' as kind, number, name, missing as count from counts where missing > 0
       order by missing desc, position, id limit ?)
     union all
     (select 'offerte' as kind, number, name, offered as count from counts where offered > 0
       order by offered desc, position, id limit ?)`,
    [album.id, input.id, album.id, MOST_WANTED_MAX, MOST_WANTED_MAX],
  );
  const pick = (kind: 'cercate' | 'offerte') =>
    rows.filter((row) => row.kind === kind).map(({ number, name, count }) => ({ number, name, count }));
  return { album, sharers, cercate: pick('cercate'), offerte: pick('offerte') };
}
