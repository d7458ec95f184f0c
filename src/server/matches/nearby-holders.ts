import type { EntityManager } from '@mikro-orm/postgresql';
import { stickerNumberKey } from '../../rpc/schemas/collection.ts';
import { HOLDERS_PER_STICKER, LAST_STICKERS_MAX } from '../../rpc/schemas/matches-limits.ts';
import { RADIUS_KM } from '../../rpc/schemas/users-limits.ts';
import { findAlbumOrFail } from '../albums/albums.ts';
import { blockedEitherWaySql } from '../blocks/blocked-pair.ts';
import { countedStickerSql } from '../collection/completion.ts';
import { giftsTo } from '../collection/in-regalo.ts';
import { boundingBox } from '../geo/bounding-box.ts';
import { greatCircleKmSql } from '../geo/great-circle.ts';
import { placeOf } from '../geo/place-of.ts';
import { compareStickerNumbers } from '../stickers/natural-order.ts';
import { hiddenByAgeSql } from './hidden-minors.ts';

type Missing = { slot: number; number: string; name: string };
type HolderRow = {
  slot: number;
  id: number;
  nickname: string;
  cap: string;
  comune: string | null;
  birth_year: number | null;
  birth_month: number | null;
  distance_km: number;
  gives_back: boolean;
};

/**
 * The stickers of an album I do not have, in number order, extras aside (they are not part of completion,
 * issue 49); or just `number`, if I miss it, whatever its kind.
 */
async function missingStickers(em: EntityManager, meId: number, albumId: number, number?: string) {
  const rows = await em.execute<Missing[]>(
    `select s.slot, s.number, s.name
       from sticker s left join collection c on c.user_id = ? and c.album_id = s.album_id
      where s.album_id = ? and (c.owned is null or get_bit(c.owned, s.slot) = 0)
        and (?::text is not null or ${countedStickerSql('s')})`,
    [meId, albumId, number ?? null],
  );
  const wanted =
    number === undefined
      ? rows
      : rows.filter((row) => stickerNumberKey(row.number) === stickerNumberKey(number));
  return wanted.sort((a, b) => compareStickerNumbers(a.number, b.number));
}

/**
 * 'Le mie ultime' (issue 28): for each sticker of an album I miss (the first LAST_STICKERS_MAX in number
 * order), the HOLDERS_PER_STICKER nearest collectors within the largest radius who have a spare of it
 * that no accepted swap holds — active, neither of us having blocked the other, as the match search
 * reads them (decision 005, 015, 016), each with their comune and whole km (ordered by the exact distance)
 * and whether they miss one of my free spares (`givesBack`: a proposal can be made, issue 48, row 3)
 * or give theirs away (`inRegalo`: their album complete, their doubles in regalo, and we on the same side of
 * the age line; issue 49, row 5). A sticker nobody near has comes with no holders.
 */
export async function nearbyHolders(
  em: EntityManager,
  me: { id: number; latitude: number | string; longitude: number | string },
  input: { albumId: number; number?: string },
) {
  await findAlbumOrFail(em, input.albumId);
  const missing = await missingStickers(em, me.id, input.albumId, input.number);
  const listed = missing.slice(0, LAST_STICKERS_MAX);
  const lat = Number(me.latitude);
  const lon = Number(me.longitude);
  const holders =
    listed.length === 0
      ? []
      : await em.execute<HolderRow[]>(
          `with near as (
             select c.user_id, u.nickname, u.cap, u.comune, u.birth_year, u.birth_month, c.doubles & ~c.reserved as spare,
                    ${greatCircleKmSql('c.latitude', 'c.longitude', '?', '?')} as distance_km,
                    -- Whether they miss one of my free spares: a swap can be proposed, not only asked for.
                    coalesce((select bit_count(mine.doubles & ~mine.reserved & ~c.owned) > 0 from collection mine
                               where mine.user_id = ? and mine.album_id = c.album_id), false) as gives_back
               from collection c join app_user u on u.id = c.user_id and u.is_active
              where point(c.longitude, c.latitude) <@ box(point(?, ?), point(?, ?))
                and c.album_id = ? and c.user_id <> ? and c.active and c.double_count > 0
                and not ${blockedEitherWaySql('?', 'c.user_id')}
                and not exists (select 1 from app_user viewer where viewer.id = ? and ${hiddenByAgeSql('viewer', 'u')})
           )
           select w.slot, h.user_id as id, h.nickname, h.cap, h.comune, h.birth_year, h.birth_month, h.distance_km,
                  h.gives_back
             from unnest(string_to_array(?, ',')::int[]) as w(slot)
             cross join lateral (
               select near.* from near
                where near.distance_km <= ? and get_bit(near.spare, w.slot) = 1
                order by near.distance_km, near.user_id limit ?
             ) h`,
          [
            // The distance's expression names my latitude twice, then my longitude.
            lat,
            lat,
            lon,
            me.id,
            ...boundingBox(lat, lon, RADIUS_KM.max),
            input.albumId,
            me.id,
            me.id,
            me.id,
            me.id,
            listed.map((sticker) => sticker.slot).join(','),
            RADIUS_KM.max,
            HOLDERS_PER_STICKER,
          ],
        );
  const gifts = await giftsTo(
    em,
    me.id,
    input.albumId,
    holders.map((holder) => holder.id),
  );
  return {
    missing: missing.length,
    radiusKm: RADIUS_KM.max,
    stickers: listed.map((sticker) => ({
      number: sticker.number,
      name: sticker.name,
      holders: holders
        .filter((holder) => holder.slot === sticker.slot)
        .map((holder) => ({
          id: holder.id,
          nickname: holder.nickname,
          ...placeOf(holder, Number(holder.distance_km)),
          givesBack: holder.gives_back,
          inRegalo: gifts.has(holder.id),
        })),
    })),
  };
}
