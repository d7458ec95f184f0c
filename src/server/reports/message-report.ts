import type { EntityManager } from '@mikro-orm/postgresql';
import { REPORT_USER_CATEGORY_LABELS, type ReportUserCategory } from '../../rpc/schemas/reports.ts';
import { DomainError } from '../domain-error.ts';
import { reportUser } from './reports.ts';

export const MESSAGE_NOT_FOUND_MESSAGE = 'Messaggio non trovato';
export const OWN_MESSAGE_MESSAGE = 'Non puoi segnalare un tuo messaggio';

/** The messages of the chat up to the one reported kept with it, so the admin reads it in its context. */
const CONTEXT_MESSAGES = 10;

type Said = { id: number | string; sender_id: number; sender: string; content: string; created_at: Date };

/**
 * 'Segnala' on a message (issue 47, row 2): only a participant of that chat may report it (for anyone else
 * it does not exist), and not their own. The report is about its author, as a report on a profile is,
 * with the message and the ones before it copied as they read now: the evidence stays whatever happens
 * to the chat or to the author's account (decision 052).
 */
export async function reportMessage(
  em: EntityManager,
  report: {
    userId: number;
    messageId: number;
    category: ReportUserCategory;
    text?: string | undefined;
    userAgent: string | undefined;
  },
) {
  const [message] = await em.execute<(Said & { match_id: number })[]>(
    `select m.id, m.sender_id, s.nickname as sender, m.content, m.created_at, m.match_id
       from message m join match pair on pair.id = m.match_id join app_user s on s.id = m.sender_id
      where m.id = ? and ? in (pair.user_low_id, pair.user_high_id)`,
    [report.messageId, report.userId],
  );
  if (!message) throw new DomainError('NOT_FOUND', MESSAGE_NOT_FOUND_MESSAGE);
  if (message.sender_id === report.userId) throw new DomainError('BAD_REQUEST', OWN_MESSAGE_MESSAGE);
  const context = await em.execute<Said[]>(
    `select * from (
       select m.id, m.sender_id, s.nickname as sender, m.content, m.created_at
         from message m join app_user s on s.id = m.sender_id
        where m.match_id = ? and m.id <= ? order by m.id desc limit ?
     ) before order by id`,
    [message.match_id, message.id, CONTEXT_MESSAGES],
  );
  // Message ids are bigint: as numbers here, as everywhere the app names a message.
  const said = (row: Said) => ({
    id: Number(row.id),
    sender: row.sender,
    content: row.content,
    sentAt: new Date(row.created_at).toISOString(),
  });
  return reportUser(em, {
    userId: report.userId,
    reportedUserId: message.sender_id,
    reason: report.text || REPORT_USER_CATEGORY_LABELS[report.category],
    category: report.category,
    userAgent: report.userAgent,
    messageId: Number(message.id),
    evidence: {
      message: said(message),
      before: context.filter((row) => Number(row.id) !== Number(message.id)).map(said),
    },
  });
}
