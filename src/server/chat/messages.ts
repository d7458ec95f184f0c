import type { EntityManager } from '@mikro-orm/postgresql';
import type { ChatMessage } from '../../rpc/schemas/chat.ts';
import { queueAlert } from '../alerts/alert-events.ts';
import { BLOCKED_WRITE_MESSAGES, blockedEitherWaySql, refuseBlockedPair } from '../blocks/blocked-pair.ts';
import { notifyChatMessageSql } from '../db-events/chat-message-channel.ts';
import { DomainError } from '../domain-error.ts';
import { findMyMatch } from '../matches/matches.ts';
import { type RateLimit, secondsText } from '../rate-limits.ts';
import { refuseUnsafeMessage } from './message-rules.ts';

const MESSAGES_LISTED_MAX = 200;
const OTHER_INACTIVE_MESSAGE = 'Questo utente non è più attivo: non puoi inviargli messaggi';

/** Refuses a sender who is over the messages-per-minute limit. */
export async function limitMessages(messages: RateLimit, senderId: number) {
  const wait = await messages.take(String(senderId));
  if (wait !== undefined) {
    throw new DomainError(
      'TOO_MANY_REQUESTS',
      `Stai inviando troppi messaggi: riprova tra ${secondsText(wait)}`,
    );
  }
}

type Row = {
  id: string;
  sender_id: number;
  nickname: string;
  content: string;
  created_at: Date;
  hidden?: boolean;
};

const toMessage = (row: Row): ChatMessage => ({
  id: Number(row.id),
  senderId: row.sender_id,
  sender: { nickname: row.nickname },
  content: row.content,
  createdAt: new Date(row.created_at).toISOString(),
  ...(row.hidden ? { hidden: true as const } : {}),
});

/** The newest messages of a match I take part in (after `afterId` when given), oldest first. */
export async function listMessages(em: EntityManager, matchId: number, meId: number, afterId = 0) {
  await findMyMatch(em, matchId, meId);
  const rows = await em.execute<Row[]>(
    `select * from (
       select m.id, m.sender_id, u.nickname, m.created_at, m.hidden_at is not null as hidden,
              -- A message an admin hid (issue 47, row 3) reads 'Messaggio rimosso': its words stay in the report.
              case when m.hidden_at is null then m.content else '' end as content
         from message m join app_user u on u.id = m.sender_id
        where m.match_id = ? and m.id > ?
        order by m.id desc limit ?
     ) newest order by id`,
    [matchId, afterId, MESSAGES_LISTED_MAX],
  );
  return rows.map(toMessage);
}

/**
 * My message stored with this key in this match, if any: a send repeated after a lost answer gets it back
 * instead of storing it twice (docs/decisions/055). Looked up before any other rule, so a repeat is
 * answered the same even when the rate limit, a block or a closed chat would now refuse a new message.
 */
export async function findSentMessage(em: EntityManager, matchId: number, meId: number, key: string) {
  const [row] = await em.execute<Row[]>(
    `select m.id, m.sender_id, u.nickname, m.created_at, m.hidden_at is not null as hidden,
            case when m.hidden_at is null then m.content else '' end as content
       from message m join app_user u on u.id = m.sender_id
      where m.sender_id = ? and m.client_key = ? and m.match_id = ?`,
    [meId, key, matchId],
  );
  return row && toMessage(row);
}

/**
 * Stores a message and, in the same statement, notifies every app server listening on the database
 * (the notification leaves when the statement commits): the match's open chats and both inboxes. A
 * blocked pair cannot write to each other, also when the block lands between the check and the insert.
 * What it may say depends on the two collectors' ages (message-rules.ts). The other collector's devices
 * are alerted if they are not reading the chat (alerts/), unless the note is `composed` by the app for a
 * swap: it comes with the swap's alert.
 */
export async function sendMessage(
  em: EntityManager,
  matchId: number,
  meId: number,
  content: string,
  { composed = false, key }: { composed?: boolean; key?: string | undefined } = {},
) {
  const { match, other } = await findMyMatch(em, matchId, meId);
  if (!other.isActive) throw new DomainError('CONFLICT', OTHER_INACTIVE_MESSAGE);
  await refuseBlockedPair(em, meId, other.id, BLOCKED_WRITE_MESSAGES);
  const me = match.userLow.id === meId ? match.userLow : match.userHigh;
  refuseUnsafeMessage(me, other, content, { composed });
  const row = await em.transactional(async (tx) => {
    const [inserted] = await tx.execute<Row[]>(
      `with inserted as (
       insert into message (match_id, sender_id, content, client_key)
       select ?, ?, ?, ?::uuid where not ${blockedEitherWaySql('?', '?')}
       on conflict (sender_id, client_key) where client_key is not null do nothing
       returning id, match_id, sender_id, content, created_at
     )
     select inserted.id, inserted.sender_id, u.nickname, inserted.content, inserted.created_at,
            ${notifyChatMessageSql({
              id: 'inserted.id',
              matchId: 'inserted.match_id',
              recipientId: '?::int',
              senderId: 'inserted.sender_id',
              nickname: 'u.nickname',
              content: 'inserted.content',
              createdAt: 'inserted.created_at',
            })}
       from inserted join app_user u on u.id = inserted.sender_id`,
      [matchId, meId, content, key ?? null, meId, other.id, other.id, meId, other.id],
    );
    if (inserted && !composed) await queueAlert(tx, { kind: 'message', matchId, recipientId: other.id });
    return inserted;
  });
  if (!row) {
    // Nothing stored: the same send arrived twice at once and the other stored it, or a block landed
    // since the check, or the key is one of my messages in another chat.
    const stored = key === undefined ? undefined : await findSentMessage(em, matchId, meId, key);
    if (stored) return stored;
    await refuseBlockedPair(em, meId, other.id, BLOCKED_WRITE_MESSAGES);
    if (key !== undefined) throw new DomainError('CONFLICT', 'Chiave del messaggio già usata');
    throw new DomainError('FORBIDDEN', BLOCKED_WRITE_MESSAGES.theirs);
  }
  return toMessage(row);
}

/** Everything up to `upToId` (default: the newest message) counts as read by me; never goes back. */
export async function markRead(em: EntityManager, matchId: number, meId: number, upToId?: number) {
  await findMyMatch(em, matchId, meId);
  await em.execute(
    `update match set
       low_read_up_to = case when user_low_id = ? then greatest(low_read_up_to, newest.id) else low_read_up_to end,
       high_read_up_to = case when user_high_id = ? then greatest(high_read_up_to, newest.id) else high_read_up_to end
      from (select coalesce(max(id), 0) as id from message where match_id = ? and id <= ?) newest
     where match.id = ?`,
    [meId, meId, matchId, upToId ?? Number.MAX_SAFE_INTEGER, matchId],
  );
  return { ok: true } as const;
}
