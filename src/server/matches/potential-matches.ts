import type { EntityManager } from '@mikro-orm/postgresql';
import { findAlbumOrFail } from '../albums/albums.ts';
import { slotsIn } from '../collection/bitmap.ts';
import type { User } from '../db/entities/user.ts';
import { DomainError } from '../domain-error.ts';
import { greatCircleKmSql } from '../geo/great-circle.ts';
import { type Reputation, reputations } from '../swaps/reputation.ts';
import type { IndexAnswer } from './album-index.ts';
import { albumSlots } from './album-slots.ts';
import { compatibilityScore } from './compatibility.ts';
import type { MatchIndex } from './match-index.ts';

export const NO_ALBUM_SELECTED_MESSAGE = 'Seleziona un album attivo per trovare match';
export const CANDIDATES_MAX = 50;
/** Pairs and numbers listed per candidate (a card shows 3 and 6; opened, it asks `matches.exchanges`). */
export const EXCHANGES_LISTED_MAX = 10;
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
  my_owned: number;
  match_id: number | null;
};

/**
 * Active collectors of the album within `radiusKm` of me who have at least one double I miss, best
 * first: most 1:1 swaps, then most stickers they can give me, then nearest (docs/decisions/005). A double
 * counts only while it has a spare no accepted swap holds (`doubles & ~reserved`, decision 015); a
 * blocked pair (either way) never see each other.
 * Asked of the match index in memory when it can answer (docs/decisions/018), else of SQL: the same
 * candidates either way (the brute-force reference in the tests checks both).
 */
export async function findPotentialMatches(
  em: EntityManager,
  me: User,
  albumId: number,
  radiusKm: number,
  index?: MatchIndex,
) {
  const answer = await index?.search(albumId, {
    userId: me.id,
    latitude: Number(me.latitude),
    longitude: Number(me.longitude),
    radiusKm,
    limit: CANDIDATES_MAX,
  });
  const found = answer ? await describeIndexed(em, me, answer) : await searchInSql(em, me, albumId, radiusKm);
  return rankedCandidates(em, albumId, found);
}

/** A candidate found, before its numbers are named: the stickers as slots (docs/decisions/004). */
type Found = {
  id: number;
  nickname: string;
  cap: string;
  distanceKm: number;
  theyGiveCount: number;
  iGiveCount: number;
  theyGiveSlots: number[];
  iGiveSlots: number[];
  matchId: number | null;
  myDoubles: number;
  myOwned: number;
};

/** The index's answer (docs/decisions/018), with who each candidate is and our match if we have one. */
async function describeIndexed(em: EntityManager, me: User, answer: IndexAnswer): Promise<Found[]> {
  if (answer.candidates.length === 0) return [];
  const rows = await em.execute<{ id: number; nickname: string; cap: string; match_id: number | null }[]>(
    `select u.id, u.nickname, u.cap, m.id as match_id
       from app_user u
       left join match m on m.user_low_id = least(?::int, u.id) and m.user_high_id = greatest(?::int, u.id)
      where u.id = any(string_to_array(?, ',')::int[])`,
    [me.id, me.id, answer.candidates.map((candidate) => candidate.userId).join(',')],
  );
  const users = new Map(rows.map((row) => [row.id, row]));
  return answer.candidates.flatMap((candidate) => {
    const user = users.get(candidate.userId);
    if (!user) return [];
    return [
      {
        id: user.id,
        nickname: user.nickname,
        cap: user.cap,
        distanceKm: candidate.distanceKm,
        theyGiveCount: candidate.theyGive,
        iGiveCount: candidate.iGive,
        theyGiveSlots: candidate.theyGiveSlots,
        iGiveSlots: candidate.iGiveSlots,
        matchId: user.match_id,
        myDoubles: answer.myGives,
        myOwned: answer.myOwned,
      },
    ];
  });
}

/**
 * The same search in one SQL statement, while the index reads an album or when it cannot answer. One
 * row per candidate: their two bitmaps against mine, with bit operations, never sticker rows.
 */
export async function searchInSql(
  em: EntityManager,
  me: User,
  albumId: number,
  radiusKm: number,
): Promise<Found[]> {
  const lat = Number(me.latitude);
  const lon = Number(me.longitude);
  const dLat = radiusKm / KM_PER_DEGREE_LAT;
  const dLon = radiusKm / (KM_PER_DEGREE_LAT * Math.max(0.01, Math.cos((lat * Math.PI) / 180)));
  const rows = await em.execute<Row[]>(
    `with me as (
       select coalesce(c.owned, repeat('0', a.slot_capacity)::varbit) as owned,
              ~coalesce(c.owned, repeat('0', a.slot_capacity)::varbit) as not_owned,
              coalesce(c.doubles & ~c.reserved, repeat('0', a.slot_capacity)::varbit) as doubles
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
            bit_count(me.doubles)::int as my_doubles, bit_count(me.owned)::int as my_owned,
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
  return rows.map((row) => ({
    id: row.id,
    nickname: row.nickname,
    cap: row.cap,
    distanceKm: row.distance_km,
    theyGiveCount: row.they_give,
    iGiveCount: row.i_give,
    theyGiveSlots: slotsIn(row.they_give_bits),
    iGiveSlots: slotsIn(row.i_give_bits),
    matchId: row.match_id,
    myDoubles: row.my_doubles,
    myOwned: row.my_owned,
  }));
}

/** The candidates as the screen shows them: numbers in natural order, compatibility, reputation. */
async function rankedCandidates(em: EntityManager, albumId: number, found: Found[]) {
  if (found.length === 0) return [];
  const slots = await albumSlots(em, albumId);
  // Each slot's place in natural number order: a candidate's few slots sort by it, the album is not scanned.
  const order = new Map(slots.map((sticker, place) => [sticker.slot, place]));
  const numbers = (list: number[], max: number) =>
    list
      .map((slot) => order.get(slot) ?? -1)
      .filter((place) => place >= 0)
      .sort((a, b) => a - b)
      .slice(0, max)
      .map((place) => (slots[place] as { number: string }).number);
  const standing = await reputations(
    em,
    found.map((candidate) => candidate.id),
  );
  return found.map((candidate) => {
    const swaps = Math.min(candidate.theyGiveCount, candidate.iGiveCount);
    const listed = Math.min(swaps, EXCHANGES_LISTED_MAX);
    const iGive = numbers(candidate.iGiveSlots, listed);
    const theyGive = numbers(candidate.theyGiveSlots, EXCHANGES_LISTED_MAX);
    return {
      id: candidate.id,
      nickname: candidate.nickname,
      cap: candidate.cap,
      distanceKm: Math.round(candidate.distanceKm * 10) / 10,
      compatibility: compatibilityScore({
        swaps,
        theyCanGive: candidate.theyGiveCount,
        myDoubles: candidate.myDoubles,
        myMissing: slots.length - candidate.myOwned,
      }),
      swapCount: swaps,
      theyCanGive: candidate.theyGiveCount,
      iCanGive: candidate.iGiveCount,
      possibleExchanges: iGive.map((myDouble, i) => ({ myDouble, theirNeed: theyGive[i] as string })),
      theyCanGiveNumbers: theyGive,
      /** Our match when we already have one: the screen offers its chat instead of 'Matcha!'. */
      matchId: candidate.matchId,
      /** Their swaps so far: mean stars, ratings, completed swaps. */
      reputation: standing.get(candidate.id) as Reputation,
    };
  });
}

/** The Match screen's search: in the album asked for or my selected one, within the radius asked for or mine. */
export async function searchMatches(
  em: EntityManager,
  me: User,
  search: { albumId?: number; radiusKm?: number },
  index?: MatchIndex,
) {
  const albumId = search.albumId ?? me.albumSelezionato;
  if (!albumId) throw new DomainError('BAD_REQUEST', NO_ALBUM_SELECTED_MESSAGE);
  await findAlbumOrFail(em, albumId);
  return findPotentialMatches(em, me, albumId, search.radiusKm ?? me.raggioKm, index);
}
