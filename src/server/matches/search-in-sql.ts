import type { EntityManager } from '@mikro-orm/postgresql';
import type { MatchCursor } from '../../rpc/schemas/match-cursor.ts';
import type { MatchRanking } from '../../rpc/schemas/matches.ts';
import { EXCHANGES_LISTED_MAX, MATCH_PAGE_SIZE } from '../../rpc/schemas/matches-limits.ts';
import { slotsIn } from '../collection/bitmap.ts';
import type { User } from '../db/entities/user.ts';
import { boundingBox } from '../geo/bounding-box.ts';
import { greatCircleKmSql } from '../geo/great-circle.ts';
import { couldSeeInSearchSql, theyGiveBitsSql } from './could-see-in-search.ts';
import { hiddenByAgeSql } from './hidden-minors.ts';
import { kindMaskSql, likeForLikeSwapsSql } from './like-for-like.ts';
import { albumStickerNames, namePairs, nameSlots } from './slot-numbers.ts';
import { afterSql, rankingOrderSql } from './top-candidates.ts';

/**
 * The match search in one SQL statement (docs/decisions/005), for when the index in memory cannot answer
 * (potential-matches.ts): the same candidates, held to the same brute-force reference by its tests.
 */

export type Where = { radiusKm: number; rank: MatchRanking; after?: MatchCursor | null; mixKinds: boolean };

/**
 * A candidate found: their counts, the stickers they can give me named in natural order and the first 1:1
 * exchanges like for like (lists may be cut).
 */
export type Found = {
  distanceKm: number;
  swapCount: number;
  theyGiveCount: number;
  iGiveCount: number;
  theyGiveNumbers: string[];
  pairs: { myDouble: string; theirNeed: string }[];
  myDoubles: number;
  myMissing: number;
};

type Row = {
  id: number;
  distance_km: number;
  swaps: number;
  they_give: number;
  i_give: number;
  they_give_bits: string;
  i_give_bits: string;
  my_doubles: number;
  my_owned: number;
};

/** The album's kinds as `me` in the search's SQL holds them. */
const MY_KINDS = { speciale: 'me.speciale', extra: 'me.extra', plain: 'me.plain' };

/**
 * The same search in one SQL statement, while the index reads an album or when it cannot answer. One
 * row per candidate: their two bitmaps against mine, with bit operations, never sticker rows.
 */
export async function searchInSql(
  em: EntityManager,
  me: User,
  albumId: number,
  { radiusKm, rank, after, mixKinds }: Where,
): Promise<(Found & { id: number })[]> {
  const lat = Number(me.latitude);
  const lon = Number(me.longitude);
  const page = after
    ? afterCursorSql(rank, after, { albumId, lat, lon })
    : { cte: '', where: '', values: [] };
  const rows = await em.execute<Row[]>(
    `with album_kinds as (
       select a.id, a.slot_capacity, ${kindMaskSql('a', 'speciale')} as speciale, ${kindMaskSql('a', 'extra')} as extra
         from album a where a.id = ?
     ),
     me as (
       select searcher.id,
              coalesce(c.owned, repeat('0', a.slot_capacity)::varbit) as owned,
              ~coalesce(c.owned, repeat('0', a.slot_capacity)::varbit) as not_owned,
              coalesce(c.doubles & ~c.reserved, repeat('0', a.slot_capacity)::varbit) as doubles,
              a.speciale, a.extra, bit_count(a.speciale | a.extra) = 0 as plain, ?::boolean as mix_kinds
         from (select ?::int as id) searcher
         cross join album_kinds a left join collection c on c.album_id = a.id and c.user_id = searcher.id
     ),${page.cte}
     ranked as (
       -- Each count once per candidate (laterals), reused by the filter and the ordering.
       select c.user_id as id, counts.distance_km, counts.they_give, counts.i_give, paired.swaps
         from collection c cross join me
         cross join lateral (
           select ${theyGiveBitsSql('c', 'me.not_owned')} as they_give_bits, me.doubles & ~c.owned as i_give_bits
         ) bits
         cross join lateral (
           select ${greatCircleKmSql('c.latitude', 'c.longitude', '?', '?')} as distance_km,
                  bit_count(bits.they_give_bits) as they_give, bit_count(bits.i_give_bits) as i_give
         ) counts
         cross join lateral (
           select ${likeForLikeSwapsSql('bits.they_give_bits', 'bits.i_give_bits', MY_KINDS, 'me.mix_kinds')} as swaps
         ) paired
        where point(c.longitude, c.latitude) <@ box(point(?, ?), point(?, ?)) and c.album_id = ?
          and ${couldSeeInSearchSql(
            'c',
            { distanceKm: 'counts.distance_km', theyGive: 'counts.they_give' },
            { id: 'me.id', radiusKm: '?' },
          )}${page.where}
          and not exists (
            select 1 from app_user viewer join app_user they on they.id = c.user_id
             where viewer.id = me.id and ${hiddenByAgeSql('viewer', 'they')}
          )
        order by ${rankingOrderSql(rank)}
        limit ?
     )
     select ranked.id, ranked.distance_km, ranked.swaps::int as swaps,
            ranked.they_give::int as they_give, ranked.i_give::int as i_give,
            (c.doubles & ~c.reserved & me.not_owned)::text as they_give_bits, (me.doubles & ~c.owned)::text as i_give_bits,
            bit_count(me.doubles)::int as my_doubles, bit_count(me.owned)::int as my_owned
       from ranked cross join me
       join collection c on c.user_id = ranked.id and c.album_id = ?
      order by ${rankingOrderSql(rank, 'ranked.')}`,
    [
      albumId,
      mixKinds,
      me.id,
      ...page.values,
      lat,
      lat,
      lon,
      ...boundingBox(lat, lon, radiusKm),
      albumId,
      radiusKm,
      MATCH_PAGE_SIZE,
      albumId,
    ],
  );
  if (rows.length === 0) return [];
  const names = await albumStickerNames(em, albumId);
  return rows.map((row) => ({
    id: row.id,
    distanceKm: row.distance_km,
    swapCount: row.swaps,
    theyGiveCount: row.they_give,
    iGiveCount: row.i_give,
    theyGiveNumbers: nameSlots(names, slotsIn(row.they_give_bits), EXCHANGES_LISTED_MAX),
    pairs: namePairs(
      names,
      { iGive: slotsIn(row.i_give_bits), theyGive: slotsIn(row.they_give_bits) },
      mixKinds,
      EXCHANGES_LISTED_MAX,
    ),
    myDoubles: row.my_doubles,
    myMissing: names.inOrder.length - row.my_owned,
  }));
}

/**
 * The SQL search's next page: a CTE with the cursor's keys, its distance from me measured as the
 * candidates' is (a collector gone from the album comes before everyone at its counts: a card may be seen
 * again, none skipped), and the condition on the candidates' counts in `ranked`.
 */
function afterCursorSql(
  rank: MatchRanking,
  after: MatchCursor,
  { albumId, lat, lon }: { albumId: number; lat: number; lon: number },
) {
  const cte = `
     after_key as (
       select ?::int as swaps, ?::int as they_give, ?::int as id,
              coalesce((select ${greatCircleKmSql('a.latitude', 'a.longitude', '?', '?')}
                          from collection a where a.user_id = ?::int and a.album_id = ?), -1) as distance_km
     ),`;
  const where = `
          and ${afterSql(
            rank,
            {
              swaps: 'paired.swaps',
              theyGive: 'counts.they_give',
              distanceKm: 'counts.distance_km',
              userId: 'c.user_id',
            },
            {
              swaps: '(select swaps from after_key)',
              theyGive: '(select they_give from after_key)',
              distanceKm: '(select distance_km from after_key)',
              userId: '(select id from after_key)',
            },
          )}`;
  const values = [after.swaps, after.theyGive, after.userId, lat, lat, lon, after.userId, albumId];
  return { cte, where, values };
}
