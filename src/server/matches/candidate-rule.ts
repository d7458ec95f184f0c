import { greatCircleKmSql } from '../geo/great-circle.ts';

/**
 * SQL: true when a collector (`theirId`) is someone the match search could show me (`meId`) — see
 * potential-matches.ts — in any album, since the search takes any album, with a double I lack (every
 * double, in an album I have not marked) — within `radiusKm`: the slider's largest radius, not my saved
 * one, for the slider saves its radius a moment after it rests, and 'Matcha!' may be tapped before.
 * Anybody else (the admin, a stranger found by trying ids) is not someone I found. Each argument is an
 * SQL expression: a column, or `?` bound in the order theirId, meId, radiusKm.
 */
export const candidateSql = (theirId: string, meId: string, radiusKm: string) => `exists (
  select 1
    from app_user me
    join collection theirs on theirs.user_id = ${theirId}
    left join collection mine on mine.user_id = me.id and mine.album_id = theirs.album_id
   where me.id = ${meId} and theirs.active and theirs.double_count > 0
     and (mine.owned is null or bit_count(theirs.doubles & ~mine.owned) > 0)
     and ${greatCircleKmSql('theirs.latitude', 'theirs.longitude', 'me.latitude', 'me.longitude')} <= ${radiusKm}
)`;
