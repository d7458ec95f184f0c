/**
 * Who the match search may show me (decisions 005, 015, 016), written once for SQL statements and once,
 * beside it, for the index in memory (album-index.ts): another collector, active, within the radius of
 * me (CAP point to CAP point), not blocked either way, with at least one swappable double — a spare no
 * accepted swap holds — that I do not own in the album searched. A change to one is a change to the
 * other: could-see-in-search.test.ts holds them to the same answers.
 */
import { RADIUS_KM } from '../../rpc/schemas/users-limits.ts';
import { blockedEitherWaySql } from '../blocks/blocked-pair.ts';
import { greatCircleKmSql } from '../geo/great-circle.ts';
import { hiddenByAgeSql } from './hidden-minors.ts';

/** What the rule reads of a collector's collection in the index: `theyGive` counts what I lack of theirs. */
export type SearchedRow = { userId: number; active: boolean; distanceKm: number; theyGive: number };

/** …and of the one searching: `blocked` holds whom they blocked and who blocked them. */
export type Searcher = { userId: number; radiusKm: number; blocked: ReadonlySet<number> };

export const couldSeeInSearch = (they: SearchedRow, me: Searcher) =>
  they.userId !== me.userId &&
  they.active &&
  they.distanceKm <= me.radiusKm &&
  they.theyGive > 0 &&
  !me.blocked.has(they.userId);

/**
 * SQL: how many swappable doubles of a collection (`theirs`, an alias of `collection`) are among
 * `myMissing` (a bitmap of the album's length: the complement of what I own).
 */
export const theyGiveSql = (theirs: string, myMissing: string) =>
  `bit_count(${theyGiveBitsSql(theirs, myMissing)})`;

/** SQL: the bitmap whose bits `theyGiveSql` counts. */
export const theyGiveBitsSql = (theirs: string, myMissing: string) =>
  `${theirs}.doubles & ~${theirs}.reserved & ${myMissing}`;

/**
 * SQL: the rule for a collection row (`theirs`, an alias of `collection`) of the album searched.
 * `distanceKm` and `theyGive` are expressions — `greatCircleKmSql` and `theyGiveSql`, or columns holding
 * them — and so are `me.id` and `me.radiusKm`. `double_count > 0` is implied by `theyGive > 0`: it is
 * there because it is cheap, and it and `active` are what the partial GiST index on `collection` needs.
 */
export const couldSeeInSearchSql = (
  theirs: string,
  they: { distanceKm: string; theyGive: string },
  me: { id: string; radiusKm: string },
) => `${theirs}.user_id <> ${me.id} and ${theirs}.active and ${theirs}.double_count > 0
  and ${they.distanceKm} <= ${me.radiusKm} and ${they.theyGive} > 0
  and not ${blockedEitherWaySql(me.id, `${theirs}.user_id`)}`;

/**
 * SQL: true when some search could show me a collector (`theirId`): the rule in any album, within the
 * slider's largest radius rather than my saved one (the slider saves its radius a moment after it rests,
 * and 'Matcha!' may be tapped before). Looser than one search on purpose: whom I may open a match or
 * propose a swap with, and whose CAP a match shows (decision 021). Anybody else (the admin, a stranger
 * found by trying ids) is not someone I found. Each argument is an SQL expression: a column, or `?`
 * bound in the order theirId, meId. Nor is a minor hidden from me by our ages (hidden-minors.ts).
 */
export const couldSeeInAnySearchSql = (theirId: string, meId: string) => `exists (
  select 1
    from app_user me
    join collection theirs on theirs.user_id = ${theirId}
    left join collection mine on mine.user_id = me.id and mine.album_id = theirs.album_id
   where me.id = ${meId} and ${couldSeeInSearchSql(
     'theirs',
     {
       distanceKm: greatCircleKmSql('theirs.latitude', 'theirs.longitude', 'me.latitude', 'me.longitude'),
       // An album I have not marked: I miss all of it.
       theyGive: theyGiveSql('theirs', `~coalesce(mine.owned, repeat('0', length(theirs.owned))::varbit)`),
     },
     { id: 'me.id', radiusKm: String(RADIUS_KM.max) },
   )}
     and not exists (select 1 from app_user they where they.id = theirs.user_id and ${hiddenByAgeSql('me', 'they')})
)`;
