import type { ChatMessage } from '../../rpc/schemas/chat.ts';

export const CHAT_MESSAGE_CHANNEL = 'chat_message';

/** What storing a message notifies: the message, its match, and who it is for. */
type ChatMessageNotice = ChatMessage & { matchId: number; recipientId: number };

/** The notice's fields as SQL expressions of the statement that stores the message. */
type NoticeColumns = Record<
  'id' | 'matchId' | 'recipientId' | 'senderId' | 'nickname' | 'content' | 'createdAt',
  string
>;

/**
 * SQL that notifies a stored message, whole (≤ 1,000 characters of content, far under NOTIFY's 8 KB): part
 * of the statement that stores it, so it leaves when that commits (decision 006).
 */
export function notifyChatMessageSql(columns: NoticeColumns): string {
  const { id, matchId, recipientId, senderId, nickname, content, createdAt } = columns;
  return `pg_notify('${CHAT_MESSAGE_CHANNEL}', json_build_object(
    'id', ${id}, 'matchId', ${matchId}, 'recipientId', ${recipientId}, 'senderId', ${senderId},
    'sender', json_build_object('nickname', ${nickname}), 'content', ${content},
    'createdAt', to_char(${createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
  )::text)`;
}

export const parseChatMessageNotice = (payload: string) => JSON.parse(payload) as ChatMessageNotice;
