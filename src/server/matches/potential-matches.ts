import type { EntityManager } from '@mikro-orm/postgresql';
import { ageBandOfUser, isMinor } from '../../rpc/schemas/age-band-rule.ts';
import type { MatchCursor } from '../../rpc/schemas/match-cursor.ts';
import type { MatchRanking } from '../../rpc/schemas/matches.ts';
import { MATCH_PAGE_SIZE } from '../../rpc/schemas/matches-limits.ts';
import { findAlbumOrFail } from '../albums/albums.ts';
import { blockedEitherWaySql } from '../blocks/blocked-pair.ts';
import { slotsIn } from '../collection/bitmap.ts';
import type { User } from '../db/entities/user.ts';
import { DomainError } from '../domain-error.ts';
import { boundingBox } from '../geo/bounding-box.ts';
import { greatCircleKmSql } from '../geo/great-circle.ts';
import { placeOf } from '../geo/place-of.ts';
import { reputationOf } from '../users/reputation-columns.ts';
import { type CandidateRow, candidateRowsSql } from './candidate-rows.ts';
import { compatibilityScore } from './compatibility.ts';
import { couldSeeInSearchSql, theyGiveBitsSql } from './could-see-in-search.ts';
import type { DescribedIndexAnswer } from './described-index-answer.ts';
import { hiddenByAge, hiddenByAgeSql } from './hidden-minors.ts';
import { kindMaskSql, likeForLikeSwapsSql } from './like-for-like.ts';
import type { MatchIndex } from './match-index.ts';
import { albumStickerNames, namePairs, nameSlots } from './slot-numbers.ts';
import { afterSql, rankingOrderSql } from './top-candidates.ts';

export const NO_ALBUM_SELECTED_MESSAGE = 'Seleziona un album attivo per trovare match';
/** Pairs and numbers listed per candidate (a card shows 3 and 6; opened, it asks `matches.exchanges`). */
export const EXCHANGES_LISTED_MAX = 10;

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

type Where = { radiusKm: number; rank: MatchRanking; after?: MatchCursor | null; mixKinds: boolean };

/**
 * Who the search could show me in the album within `radiusKm` (could-see-in-search.ts), best first:
 * most 1:1 swaps, then most stickers they can give me, then nearest (docs/decisions/005, top-candidates.ts);
 * a page of MATCH_PAGE_SIZE, the one `after` a candidate when asked ('Mostra altri').
 * Asked of the match index in memory when it can answer (docs/decisions/018), else of SQL: the same
 * candidates either way (the brute-force reference in the tests checks both).
 */
export async function findPotentialMatches(
  em: EntityManager,
  me: User,
  albumId: number,
  where: Where,
  index?: MatchIndex,
) {
  const { radiusKm, rank, after, mixKinds } = where;
  const answer = await index?.search(
    albumId,
    {
      userId: me.id,
      latitude: Number(me.latitude),
      longitude: Number(me.longitude),
      radiusKm,
      limit: searchesPastMinors(me) ? MATCH_PAGE_SIZE * OVERFETCH_FOR_ADULTS : MATCH_PAGE_SIZE,
      rank,
      mixKinds,
      ...(after ? { after } : {}),
    },
    EXCHANGES_LISTED_MAX,
  );
  if (answer) return fromIndex(me, answer).slice(0, MATCH_PAGE_SIZE);
  await findAlbumOrFail(em, albumId);
  return describe(em, me, await searchInSql(em, me, albumId, where));
}

/**
 * An adult's search asks the index for this many times MATCH_PAGE_SIZE: the index ranks without ages, and
 * the hidden minors among its best are dropped after it (shownByAge), so that 50 remain to show. Measured
 * at 1M collectors with one in four minors hidden: 50 asked left 37–42 (decision 046).
 */
const OVERFETCH_FOR_ADULTS = 2;
const searchesPastMinors = (me: User) => !isMinor(ageBandOfUser(me));

/** Whether the search may show me this candidate by our ages (hidden-minors.ts).
 */
const shownByAge = (me: User, row: CandidateRow) =>
  !hiddenByAge(me, {
    birthYear: row.birth_year,
    birthMonth: row.birth_month,
    visibleToAdults: row.visible_to_adults,
  });

/**
 * A candidate found: their counts, the stickers they can give me named in natural order and the first 1:1
 * exchanges like for like (lists may be cut).
 */
type Found = {
  distanceKm: number;
  swapCount: number;
  theyGiveCount: number;
  iGiveCount: number;
  theyGiveNumbers: string[];
  pairs: { myDouble: string; theirNeed: string }[];
  myDoubles: number;
  myMissing: number;
};

/** The index's answer (docs/decisions/018), candidates described by the worker. */
function fromIndex(me: User, answer: DescribedIndexAnswer) {
  return answer.candidates
    .filter((candidate) => shownByAge(me, candidate.row))
    .map((candidate) =>
      present(candidate.row, {
        distanceKm: candidate.distanceKm,
        swapCount: candidate.swaps,
        theyGiveCount: candidate.theyGive,
        iGiveCount: candidate.iGive,
        theyGiveNumbers: candidate.theyGiveNumbers,
        pairs: candidate.pairs,
        myDoubles: answer.myGives,
        myMissing: answer.stickers - answer.myOwned,
      }),
    );
}

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

/**
 * The cursor as the search may use it. Its collector's distance from me orders the next page, so a cursor
 * naming someone the search could never show me (hidden by our ages, blocked either way, deactivated)
 * would let pages be compared to find out how far they are: such a cursor is placed nowhere (user 0, whom
 * no album holds: every collector at its counts comes after it).
 */
async function placeableCursor(em: EntityManager, me: User, cursor: MatchCursor): Promise<MatchCursor> {
  const [shown] = await em.execute<{ id: number }[]>(
    `select they.id from app_user viewer join app_user they on they.id = ?
      where viewer.id = ? and they.is_active and not ${hiddenByAgeSql('viewer', 'they')}
        and not ${blockedEitherWaySql('viewer.id', 'they.id')}`,
    [cursor.userId, me.id],
  );
  return shown ? cursor : { ...cursor, userId: 0 };
}

/** Who the SQL search's candidates are, in one more statement. */
async function describe(em: EntityManager, me: User, found: (Found & { id: number })[]) {
  if (found.length === 0) return [];
  const rows = await em.execute<CandidateRow[]>(
    candidateRowsSql(() => '?'),
    [me.id, me.id, found.map((candidate) => candidate.id).join(',')],
  );
  const users = new Map(rows.filter((row) => shownByAge(me, row)).map((row) => [row.id, row]));
  return found.flatMap((candidate) => {
    const user = users.get(candidate.id);
    return user ? [present(user, candidate)] : [];
  });
}

/** A candidate as the screen shows it: where, lists cut to EXCHANGES_LISTED_MAX, the compatibility score. */
function present(user: CandidateRow, candidate: Found) {
  const swaps = candidate.swapCount;
  const theyGive = candidate.theyGiveNumbers.slice(0, EXCHANGES_LISTED_MAX);
  return {
    id: user.id,
    nickname: user.nickname,
    /** Their comune and whole km, never their CAP: the ranking above read the exact distance. */
    ...placeOf(user, candidate.distanceKm),
    compatibility: compatibilityScore({
      swaps,
      theyCanGive: candidate.theyGiveCount,
      myDoubles: candidate.myDoubles,
      myMissing: candidate.myMissing,
    }),
    swapCount: swaps,
    theyCanGive: candidate.theyGiveCount,
    iCanGive: candidate.iGiveCount,
    /** The first 1:1 exchanges, like for like (issue 49, row 3). */
    possibleExchanges: candidate.pairs.slice(0, EXCHANGES_LISTED_MAX),
    theyCanGiveNumbers: theyGive,
    /** Our match when we already have one: the screen offers its chat instead of 'Matcha!'. */
    matchId: user.match_id,
    /** Their swaps so far: mean stars, ratings, completed swaps. */
    reputation: reputationOf(user),
  };
}

/** The Match screen's search: in the album asked for or my selected one, within the radius asked for or mine. */
export async function searchMatches(
  em: EntityManager,
  me: User,
  search: {
    albumId?: number;
    radiusKm?: number;
    rank?: MatchRanking;
    cursor?: MatchCursor | null;
    mixKinds?: boolean;
  },
  index?: MatchIndex,
) {
  const albumId = search.albumId ?? me.albumSelezionato;
  if (!albumId) throw new DomainError('BAD_REQUEST', NO_ALBUM_SELECTED_MESSAGE);
  const where = {
    radiusKm: search.radiusKm ?? me.raggioKm,
    rank: search.rank ?? 'swaps',
    after: search.cursor ? await placeableCursor(em, me, search.cursor) : null,
    /** The screen sends its switch; the daily summary and a REST call without it, my saved one. */
    mixKinds: search.mixKinds ?? me.mixSpecialKinds,
  };
  return findPotentialMatches(em, me, albumId, where, index);
}
