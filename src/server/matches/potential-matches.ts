import type { EntityManager } from '@mikro-orm/postgresql';
import { ageBandOfUser, isMinor } from '../../rpc/schemas/age-band-rule.ts';
import type { MatchCursor } from '../../rpc/schemas/match-cursor.ts';
import type { MatchRanking } from '../../rpc/schemas/matches.ts';
import { EXCHANGES_LISTED_MAX, MATCH_PAGE_SIZE } from '../../rpc/schemas/matches-limits.ts';
import { findAlbumOrFail } from '../albums/albums.ts';
import { blockedEitherWaySql } from '../blocks/blocked-pair.ts';
import type { User } from '../db/entities/user.ts';
import { DomainError } from '../domain-error.ts';
import { placeOf } from '../geo/place-of.ts';
import { reputationOf } from '../users/reputation-columns.ts';
import { type CandidateRow, candidateRowsSql } from './candidate-rows.ts';
import { compatibilityScore } from './compatibility.ts';
import type { DescribedIndexAnswer } from './described-index-answer.ts';
import { hiddenByAge, hiddenByAgeSql } from './hidden-minors.ts';
import type { MatchIndex } from './match-index.ts';
import { type Found, searchInSql, type Where } from './search-in-sql.ts';

export const NO_ALBUM_SELECTED_MESSAGE = 'Seleziona un album attivo per trovare match';

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
