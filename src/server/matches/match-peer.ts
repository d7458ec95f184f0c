import type { EntityManager } from '@mikro-orm/postgresql';
import { isAdultAndMinor } from '../../rpc/schemas/age-band-rule.ts';
import { blockedEitherWaySql } from '../blocks/blocked-pair.ts';
import { greatCircleKmSql } from '../geo/great-circle.ts';
import { placeOf } from '../geo/place-of.ts';
import { presenceOf } from '../users/presence.ts';
import { couldSeeInAnySearchSql } from './could-see-in-search.ts';

/**
 * My matches (`m`), each with its other participant (`o`); I am `viewer` (my id, latitude and longitude),
 * my id bound as the one `?` here. Statements about what I may see of the other start from this.
 */
export const MATCHES_WITH_PEER = `match m
  cross join (select u.id, u.latitude, u.longitude, u.birth_year, u.birth_month from app_user u where u.id = ?::int) viewer
  join app_user o on o.id = case when m.user_low_id = viewer.id then m.user_high_id else m.user_low_id end`;

/** What decides how much of the other participant I may see (decision 021), as select-list columns. */
export const PEER_COLUMNS = `o.id as other_id, o.nickname, o.cap, o.comune, o.last_seen_at, o.show_presence,
  ${greatCircleKmSql('o.latitude', 'o.longitude', 'viewer.latitude', 'viewer.longitude')} as distance_km,
  ${blockedEitherWaySql('o.id', 'viewer.id')} as blocked,
  exists (select 1 from message x where x.match_id = m.id and x.sender_id = o.id) as wrote,
  ${couldSeeInAnySearchSql('o.id', 'viewer.id')} as candidate,
  o.birth_year, o.birth_month, viewer.birth_year as viewer_birth_year, viewer.birth_month as viewer_birth_month,
  o.deleted_at is not null as other_deleted, o.is_active as other_active`;

export type PeerRow = {
  other_id: number;
  nickname: string;
  /** Null for a deleted account's tombstone (decision 033): it is nowhere. */
  cap: string | null;
  comune: string | null;
  distance_km: number;
  last_seen_at: Date | null;
  show_presence: boolean;
  blocked: boolean;
  wrote: boolean;
  candidate: boolean;
  birth_year: number | null;
  birth_month: number | null;
  viewer_birth_year: number | null;
  viewer_birth_month: number | null;
  other_deleted: boolean;
  other_active: boolean;
};

/**
 * Whether the chat is still open (issue 48, row 4): 'eliminato' once the other deleted the account,
 * 'chiusa' while they are deactivated; null while we can write. A block is not told here: the one who
 * blocked has their own notice, the one blocked learns nothing from it (decision 016).
 */
export const closedOf = (row: PeerRow) =>
  row.other_deleted ? ('eliminato' as const) : !row.other_active ? ('chiusa' as const) : null;

/**
 * The other participant as a match shows them: the nickname always; where they are (comune and whole km,
 * never their CAP) only while the search could show them to me or once they have written to me, and never
 * between a blocked pair.
 */
export function toPeer(row: PeerRow) {
  const { cap } = row;
  const shown = !row.blocked && (row.wrote || row.candidate) && cap !== null;
  return {
    id: row.other_id,
    nickname: row.nickname,
    place: shown ? placeOf({ ...row, cap }, row.distance_km) : null,
    closed: closedOf(row),
  };
}

/** Whether the pair is an adult and a minor, who write each other only the set phrases (issue 45, row 4). */
export const phrasesOnly = (row: PeerRow) =>
  isAdultAndMinor(
    { birthYear: row.birth_year, birthMonth: row.birth_month },
    { birthYear: row.viewer_birth_year, birthMonth: row.viewer_birth_month },
  );

/** …and, for the chat header, how present they are: only once they wrote here, if they let it show. */
export function toPeerWithPresence(row: PeerRow) {
  const shown = !row.blocked && row.wrote && row.show_presence;
  return { ...toPeer(row), presence: shown ? presenceOf(row.last_seen_at) : null };
}

type PeerMatchRow = PeerRow & { id: number; created_at: Date };

async function findPeerMatch(em: EntityManager, meId: number, where: string, param: number) {
  const [row] = await em.execute<PeerMatchRow[]>(
    `select m.id, m.created_at, ${PEER_COLUMNS}
       from ${MATCHES_WITH_PEER}
      where viewer.id in (m.user_low_id, m.user_high_id) and ${where}`,
    [meId, param],
  );
  return row ?? null;
}

/** One of my matches, by its id, with its other participant's row; null when it is not mine. */
export const findPeerMatchById = (em: EntityManager, meId: number, matchId: number) =>
  findPeerMatch(em, meId, 'm.id = ?', matchId);

/** My match with another collector, with their row; null when we have none. */
export const findPeerMatchWith = (em: EntityManager, meId: number, otherId: number) =>
  findPeerMatch(em, meId, 'o.id = ?', otherId);
