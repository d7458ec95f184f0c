import type { EntityManager } from '@mikro-orm/postgresql';
import { LAST_MESSAGE_PREVIEW_MAX } from '../../rpc/schemas/matches.ts';
import { RADIUS_KM } from '../../rpc/schemas/users-limits.ts';
import { BLOCKED_CONTACT_MESSAGES, refuseBlockedPair } from '../blocks/blocked-pair.ts';
import { presenceOf } from '../chat/presence.ts';
import { Match } from '../db/entities/match.ts';
import { User } from '../db/entities/user.ts';
import { DomainError } from '../domain-error.ts';
import { greatCircleKmSql } from '../geo/great-circle.ts';

export const SELF_MATCH_MESSAGE = 'Non puoi creare un match con te stesso';
export const MATCH_USER_NOT_FOUND_MESSAGE = 'Utente non trovato';
export const MATCH_NOT_FOUND_MESSAGE = 'Match non trovato';
export const NOT_A_CANDIDATE_MESSAGE =
  'Puoi contattare solo i collezionisti che hai trovato nella ricerca match';

const otherOf = (match: Match, meId: number) => (match.userLow.id === meId ? match.userHigh : match.userLow);

function toMatchView(match: Match, meId: number) {
  const other = otherOf(match, meId);
  return {
    id: match.id,
    user2: { id: other.id, nickname: other.nickname, cap: other.cap },
    createdAt: match.createdAt.toISOString(),
  };
}

/**
 * Who I may open a chat with: an active collector the match search could show me (see
 * potential-matches.ts) — in any album, since the search takes any album, with a double I lack
 * (every double, in an album I have not marked) — within the slider's largest radius, not my saved
 * one: the slider saves its radius a moment after it rests, and 'Matcha!' may be tapped before.
 * Anybody else (the admin, a stranger found by trying ids) is not someone I found.
 */
export const IS_MY_CANDIDATE = `exists (
  select 1
    from app_user me
    join collection theirs on theirs.user_id = ?
    left join collection mine on mine.user_id = me.id and mine.album_id = theirs.album_id
   where me.id = ? and theirs.active and theirs.double_count > 0
     and (mine.owned is null or bit_count(theirs.doubles & ~mine.owned) > 0)
     and ${greatCircleKmSql('theirs.latitude', 'theirs.longitude', 'me.latitude', 'me.longitude')} <= ?
)`;

/**
 * One match per pair: creating it again (from either side, even at the same time) returns the same one,
 * with `created` false. A new one only with one of my candidates, checked in the statement that creates it.
 * Never between a blocked pair, not even the one they had before the block.
 */
export async function createMatch(em: EntityManager, meId: number, otherId: number) {
  if (otherId === meId) throw new DomainError('BAD_REQUEST', SELF_MATCH_MESSAGE);
  const other = await em.findOne(User, { id: otherId, isActive: true });
  if (!other) throw new DomainError('NOT_FOUND', MATCH_USER_NOT_FOUND_MESSAGE);
  await refuseBlockedPair(em, meId, otherId, BLOCKED_CONTACT_MESSAGES);
  const [low, high] = meId < otherId ? [meId, otherId] : [otherId, meId];
  const inserted = await em.execute<{ id: number }[]>(
    `insert into match (user_low_id, user_high_id, created_at)
     select ?, ?, now() where ${IS_MY_CANDIDATE}
     on conflict (user_low_id, user_high_id) do nothing
     returning id`,
    [low, high, otherId, meId, RADIUS_KM.max],
  );
  const match = await em.findOne(
    Match,
    { userLow: low, userHigh: high },
    { populate: ['userLow', 'userHigh'] },
  );
  if (!match) throw new DomainError('FORBIDDEN', NOT_A_CANDIDATE_MESSAGE);
  return { ...toMatchView(match, meId), created: inserted.length > 0 };
}

/**
 * My matches, the latest activity (a message, or the match itself) first; `user2` is always the other
 * participant. Each carries how many of their messages I have not read and the start of the latest
 * message, mine or theirs.
 */
export async function listMatches(em: EntityManager, meId: number) {
  const rows = await em.execute<
    {
      id: number;
      created_at: Date;
      other_id: number;
      nickname: string;
      cap: string;
      unread: string;
      last_content: string | null;
      last_sender_id: number | null;
      last_message_at: Date | null;
    }[]
  >(
    `select m.id, m.created_at, o.id as other_id, o.nickname, o.cap,
            (select count(*) from message x
              where x.match_id = m.id and x.sender_id <> ?
                and x.id > case when m.user_low_id = ? then m.low_read_up_to else m.high_read_up_to end) as unread,
            left(last.content, ?) as last_content, last.sender_id as last_sender_id,
            last.created_at as last_message_at
       from match m
       join app_user o on o.id = case when m.user_low_id = ? then m.user_high_id else m.user_low_id end
       left join lateral (
         select x.content, x.sender_id, x.created_at from message x
          where x.match_id = m.id order by x.id desc limit 1
       ) last on true
      where m.user_low_id = ? or m.user_high_id = ?
      order by coalesce(last.created_at, m.created_at) desc, m.id desc
      limit 200`,
    [meId, meId, LAST_MESSAGE_PREVIEW_MAX, meId, meId, meId],
  );
  return rows.map((row) => ({
    id: row.id,
    user2: { id: row.other_id, nickname: row.nickname, cap: row.cap },
    createdAt: new Date(row.created_at).toISOString(),
    unreadCount: Number(row.unread),
    lastMessageAt: row.last_message_at ? new Date(row.last_message_at).toISOString() : null,
    lastMessage:
      row.last_content === null ? null : { content: row.last_content, mine: row.last_sender_id === meId },
  }));
}

/** The match if I take part in it; anybody else learns nothing, not even that it exists. */
export async function findMyMatch(em: EntityManager, matchId: number, meId: number) {
  const match = await em.findOne(
    Match,
    { id: matchId, $or: [{ userLow: meId }, { userHigh: meId }] },
    { populate: ['userLow', 'userHigh'] },
  );
  if (!match) throw new DomainError('NOT_FOUND', MATCH_NOT_FOUND_MESSAGE);
  return { match, other: otherOf(match, meId) };
}

/** A match as its chat header shows it: the other participant, and whether they are online now. */
export async function matchHeader(em: EntityManager, matchId: number, meId: number) {
  const { match, other } = await findMyMatch(em, matchId, meId);
  return {
    id: match.id,
    user2: { id: other.id, nickname: other.nickname, cap: other.cap, ...presenceOf(other.lastSeenAt) },
  };
}
