import type { EntityManager } from '@mikro-orm/postgresql';
import { findAlbumOrFail } from '../albums/albums.ts';
import type { User } from '../db/entities/user.ts';
import { DomainError } from '../domain-error.ts';
import { type Reputation, reputations } from '../swaps/reputation.ts';
import { albumSlots, numbersIn } from './album-slots.ts';
import { compatibilityScore } from './compatibility.ts';
import { greatCircleKmSql } from './great-circle.ts';

export const NO_ALBUM_SELECTED_MESSAGE = 'Seleziona un album attivo per trovare match';
export const CANDIDATES_MAX = 50;
export const EXCHANGES_LISTED_MAX = 20;
// A little under the true 111.195 km: the box errs on the large side, the distance test is exact.
const KM_PER_DEGREE_LAT = 111.0;

type Row = {
  id: number;
  nickname: string;
  cap: string;
  distance_km: number;
  they_give: number;
  i_give: number;
  they_give_bits: string;
  i_give_bits: string;
  my_doubles: number;
  my_missing: number;
  match_id: number | null;
};

/**
 * Active collectors of the album within `radiusKm` of me who have at least one double I miss, best
 * first: most 1:1 swaps, then most stickers they can give me, then nearest (docs/decisions/005). A double
 * counts only while it has a spare no accepted swap holds (`doubles & ~reserved`, decision 015); a
 * blocked pair (either way) never see each other.
 * One row per candidate: their two bitmaps against mine, with bit operations, never sticker rows.
 */
export async function findPotentialMatches(em: EntityManager, me: User, albumId: number, radiusKm: number) {
  const lat = Number(me.latitude);
  const lon = Number(me.longitude);
  const dLat = radiusKm / KM_PER_DEGREE_LAT;
  const dLon = radiusKm / (KM_PER_DEGREE_LAT * Math.max(0.01, Math.cos((lat * Math.PI) / 180)));
  const rows = await em.execute<Row[]>(
    `with me as (
       select coalesce(c.owned, repeat('0', a.slot_capacity)::varbit) as owned,
              ~coalesce(c.owned, repeat('0', a.slot_capacity)::varbit) as not_owned,
              coalesce(c.doubles & ~c.reserved, repeat('0', a.slot_capacity)::varbit) as doubles,
              (select count(*) from sticker s where s.album_id = a.id) as sticker_count
         from album a left join collection c on c.album_id = a.id and c.user_id = ?
        where a.id = ?
     ),
     near as (
       select c.user_id as id, c.owned, c.doubles & ~c.reserved as doubles,
              ${greatCircleKmSql('c.latitude', 'c.longitude', '?', '?')} as distance_km
         from collection c
        where point(c.longitude, c.latitude) <@ box(point(?, ?), point(?, ?))
          and c.album_id = ? and c.user_id <> ? and c.active and c.double_count > 0
          and not exists (select 1 from user_block b
                           where (b.blocker_id = ? and b.blocked_id = c.user_id)
                              or (b.blocker_id = c.user_id and b.blocked_id = ?))
     ),
     ranked as (
       -- Each count once per candidate (a lateral), reused by the filter and the ordering.
       select near.id, near.distance_km, counts.they_give, counts.i_give
         from near cross join me
         cross join lateral (
           select bit_count(near.doubles & me.not_owned) as they_give, bit_count(me.doubles & ~near.owned) as i_give
         ) counts
        where near.distance_km <= ? and counts.they_give > 0
        order by least(counts.they_give, counts.i_give) desc, counts.they_give desc, near.distance_km asc, near.id asc
        limit ?
     )
     select ranked.id, u.nickname, u.cap, ranked.distance_km,
            ranked.they_give::int as they_give, ranked.i_give::int as i_give,
            (c.doubles & ~c.reserved & me.not_owned)::text as they_give_bits, (me.doubles & ~c.owned)::text as i_give_bits,
            bit_count(me.doubles)::int as my_doubles, (me.sticker_count - bit_count(me.owned))::int as my_missing,
            m.id as match_id
       from ranked cross join me
       join collection c on c.user_id = ranked.id and c.album_id = ?
       join app_user u on u.id = ranked.id
       left join match m on m.user_low_id = least(?::int, ranked.id) and m.user_high_id = greatest(?::int, ranked.id)
      order by least(ranked.they_give, ranked.i_give) desc, ranked.they_give desc, ranked.distance_km asc, ranked.id asc`,
    [
      me.id,
      albumId,
      lat,
      lat,
      lon,
      lon - dLon,
      lat - dLat,
      lon + dLon,
      lat + dLat,
      albumId,
      me.id,
      me.id,
      me.id,
      radiusKm,
      CANDIDATES_MAX,
      albumId,
      me.id,
      me.id,
    ],
  );
  if (rows.length === 0) return [];
  const slots = await albumSlots(em, albumId);
  const standing = await reputations(
    em,
    rows.map((row) => row.id),
  );
  return rows.map((row) => {
    const swaps = Math.min(row.they_give, row.i_give);
    const iGive = numbersIn(row.i_give_bits, slots);
    const theyGive = numbersIn(row.they_give_bits, slots);
    return {
      id: row.id,
      nickname: row.nickname,
      cap: row.cap,
      distanceKm: Math.round(row.distance_km * 10) / 10,
      compatibility: compatibilityScore({
        swaps,
        theyCanGive: row.they_give,
        myDoubles: row.my_doubles,
        myMissing: row.my_missing,
      }),
      swapCount: swaps,
      theyCanGive: row.they_give,
      iCanGive: row.i_give,
      possibleExchanges: iGive
        .slice(0, Math.min(swaps, EXCHANGES_LISTED_MAX))
        .map((myDouble, i) => ({ myDouble, theirNeed: theyGive[i] as string })),
      theyCanGiveNumbers: theyGive.slice(0, EXCHANGES_LISTED_MAX),
      /** Our match when we already have one: the screen offers its chat instead of 'Matcha!'. */
      matchId: row.match_id,
      /** Their swaps so far: mean stars, ratings, completed swaps. */
      reputation: standing.get(row.id) as Reputation,
    };
  });
}

/** The Match screen's search: in the album asked for or my selected one, within the radius asked for or mine. */
export async function searchMatches(
  em: EntityManager,
  me: User,
  search: { albumId?: number; radiusKm?: number },
) {
  const albumId = search.albumId ?? me.albumSelezionato;
  if (!albumId) throw new DomainError('BAD_REQUEST', NO_ALBUM_SELECTED_MESSAGE);
  await findAlbumOrFail(em, albumId);
  return findPotentialMatches(em, me, albumId, search.radiusKm ?? me.raggioKm);
}
