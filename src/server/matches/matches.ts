import type { EntityManager } from '@mikro-orm/postgresql';
import { isAdultAndMinor } from '../../rpc/schemas/age-band-rule.ts';
import { LAST_MESSAGE_PREVIEW_MAX } from '../../rpc/schemas/matches.ts';
import { MINOR_SWAP_ONLY_MESSAGE } from '../../rpc/schemas/users-messages.ts';
import { BLOCKED_CONTACT_MESSAGES, blockedBySql, refuseBlockedPair } from '../blocks/blocked-pair.ts';
import { Match } from '../db/entities/match.ts';
import { User } from '../db/entities/user.ts';
import { shownContentSql } from '../db/message-sql.ts';
import { DomainError } from '../domain-error.ts';
import { refuseIfLimited } from '../users/account-limits.ts';
import { couldSeeInAnySearchSql } from './could-see-in-search.ts';
import { hiddenByAge } from './hidden-minors.ts';
import {
  findPeerMatchById,
  findPeerMatchWith,
  MATCHES_WITH_PEER,
  PEER_COLUMNS,
  type PeerRow,
  phrasesOnly,
  toPeer,
  toPeerWithPresence,
} from './match-peer.ts';
import { unreadCountSql } from './unread-messages.ts';

export const SELF_MATCH_MESSAGE = 'Non puoi creare un match con te stesso';
export const MATCH_USER_NOT_FOUND_MESSAGE = 'Utente non trovato';
export const MATCH_NOT_FOUND_MESSAGE = 'Match non trovato';
export const NOT_A_CANDIDATE_MESSAGE =
  'Puoi contattare solo i collezionisti che hai trovato nella ricerca match';

const otherOf = (match: Match, meId: number) => (match.userLow.id === meId ? match.userHigh : match.userLow);

/**
 * One match per pair: creating it again (from either side, even at the same time) returns the same one,
 * with `created` false. A new one only with someone a search could show me, checked in the statement that creates it.
 * Never between a blocked pair, not even the one they had before the block, and never between an adult and
 * a minor (issue 45, row 4: they swap only by a proposal at a Punto Scambio).
 */
export async function createMatch(em: EntityManager, me: User, otherId: number) {
  const meId = me.id;
  if (otherId === meId) throw new DomainError('BAD_REQUEST', SELF_MATCH_MESSAGE);
  const other = await em.findOne(User, { id: otherId, isActive: true });
  if (!other || hiddenByAge(me, other)) throw new DomainError('NOT_FOUND', MATCH_USER_NOT_FOUND_MESSAGE);
  await refuseBlockedPair(em, meId, otherId, BLOCKED_CONTACT_MESSAGES);
  if (isAdultAndMinor(me, other)) throw new DomainError('FORBIDDEN', MINOR_SWAP_ONLY_MESSAGE);
  // A chat we already have is answered as it is, open to a limited account too (issue 47, row 3).
  const existing = await findPeerMatchWith(em, meId, otherId);
  if (existing) return matchAnswer(existing, false);
  await refuseIfLimited(em, meId);
  const [low, high] = meId < otherId ? [meId, otherId] : [otherId, meId];
  const inserted = await em.execute<{ id: number }[]>(
    `insert into match (user_low_id, user_high_id, created_at)
     select ?, ?, now() where ${couldSeeInAnySearchSql('?', '?')}
     on conflict (user_low_id, user_high_id) do nothing
     returning id`,
    [low, high, otherId, meId],
  );
  // Made now, or by the other side a moment ago (the conflict): read with the peer either way.
  const match = await findPeerMatchWith(em, meId, otherId);
  if (!match) throw new DomainError('FORBIDDEN', NOT_A_CANDIDATE_MESSAGE);
  return matchAnswer(match, inserted.length > 0);
}

function matchAnswer(match: NonNullable<Awaited<ReturnType<typeof findPeerMatchWith>>>, created: boolean) {
  return {
    id: match.id,
    user2: toPeer(match),
    createdAt: new Date(match.created_at).toISOString(),
    created,
  };
}

/**
 * My matches, the latest activity (a message, or the match itself) first; `user2` is always the other
 * participant. Each carries how many of their messages I have not read and the start of the latest
 * message, mine or theirs. A collector I blocked goes last, marked `blocked`, with neither (decision 016):
 * what they wrote stays in the chat for a report, not on my Home; a chat whose other side left or was
 * deactivated goes after the open ones ('Chat chiusa').
 */
export async function listMatches(em: EntityManager, meId: number) {
  const rows = await em.execute<
    (PeerRow & {
      id: number;
      created_at: Date;
      unread: number;
      last_content: string | null;
      last_sender_id: number | null;
      last_message_at: Date | null;
      blocked_by_me: boolean;
    })[]
  >(
    `select m.id, m.created_at, ${PEER_COLUMNS},
            ${unreadCountSql('viewer.id')} as unread,
            left(last.content, ?) as last_content, last.sender_id as last_sender_id,
            last.created_at as last_message_at,
            ${blockedBySql('viewer.id', 'o.id')} as blocked_by_me
       from ${MATCHES_WITH_PEER}
       left join lateral (
         select ${shownContentSql('x')} as content,
                x.sender_id, x.created_at from message x
          where x.match_id = m.id order by x.id desc limit 1
       ) last on true
      where m.user_low_id = viewer.id or m.user_high_id = viewer.id
      order by blocked_by_me, o.deleted_at is not null or not o.is_active, coalesce(last.created_at, m.created_at) desc, m.id desc
      limit 200`,
    [LAST_MESSAGE_PREVIEW_MAX, meId],
  );
  return rows.map((row) => ({
    id: row.id,
    user2: toPeer(row),
    createdAt: new Date(row.created_at).toISOString(),
    blocked: row.blocked_by_me,
    unreadCount: row.blocked_by_me ? 0 : row.unread,
    lastMessageAt: row.last_message_at ? new Date(row.last_message_at).toISOString() : null,
    lastMessage:
      row.last_content === null || row.blocked_by_me
        ? null
        : { content: row.last_content, mine: row.last_sender_id === meId },
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

/**
 * A match as its chat header shows it: the other participant and, coarsely, how present they are
 * (decision 021).
 */
export async function matchHeader(em: EntityManager, matchId: number, meId: number) {
  const match = await findPeerMatchById(em, meId, matchId);
  if (!match) throw new DomainError('NOT_FOUND', MATCH_NOT_FOUND_MESSAGE);
  return { id: match.id, user2: toPeerWithPresence(match), phrasesOnly: phrasesOnly(match) };
}
