import type { EntityManager } from '@mikro-orm/postgresql';
import {
  EVIDENCE_MESSAGES_MAX,
  EVIDENCE_REPORTS_MAX,
  type REPORT_OUTCOMES,
  type REPORT_STATUSES,
} from '../../rpc/schemas/reports.ts';
import { DomainError } from '../domain-error.ts';
import { REPORT_NOT_FOUND_MESSAGE } from './reports.ts';

type Status = (typeof REPORT_STATUSES)[number];
/** A message as a report keeps it (message-report.ts). */
type Said = { sender: string; content: string; sentAt: string };
const iso = (date: Date) => new Date(date).toISOString();

/**
 * What the admin weighs a report about a collector by (decision 016): the newest messages of the chat
 * between the reporter and the reported collector — the reporter chose to show them by reporting — and
 * the other reports about that collector. A report naming nobody has none.
 */
export async function reportEvidence(em: EntityManager, reportId: number) {
  const [report] = await em.execute<
    { user_id: number | null; reported_user_id: number | null; evidence: { message?: Said } | null }[]
  >('select user_id, reported_user_id, evidence from report where id = ?', [reportId]);
  if (!report) throw new DomainError('NOT_FOUND', REPORT_NOT_FOUND_MESSAGE);
  const { user_id: reporter, reported_user_id: reported } = report;
  const said = report.evidence?.message;
  const reportedMessage = said ? { sender: said.sender, content: said.content, sentAt: said.sentAt } : null;
  if (reported === null) return { reportedMessage, messages: [], otherReports: [] };
  const messages =
    reporter === null
      ? []
      : await em.execute<{ sender: string; content: string; created_at: Date }[]>(
          `select * from (
             select u.nickname as sender, m.content, m.created_at, m.id
               from match pair join message m on m.match_id = pair.id join app_user u on u.id = m.sender_id
              where pair.user_low_id = least(?::int, ?::int) and pair.user_high_id = greatest(?::int, ?::int)
              order by m.id desc limit ?
           ) newest order by id`,
          [reporter, reported, reporter, reported, EVIDENCE_MESSAGES_MAX],
        );
  const others = await em.execute<
    { id: number; reporter: string | null; description: string; status: Status; created_at: Date }[]
  >(
    `select r.id, u.nickname as reporter, r.description, r.status, r.created_at
       from report r left join app_user u on u.id = r.user_id
      where r.reported_user_id = ? and r.id <> ? order by r.created_at desc, r.id desc limit ?`,
    [reported, reportId, EVIDENCE_REPORTS_MAX],
  );
  return {
    reportedMessage,
    messages: messages.map(({ sender, content, created_at }) => ({
      sender,
      content,
      created_at: iso(created_at),
    })),
    otherReports: others.map((other) => ({ ...other, created_at: iso(other.created_at) })),
  };
}

/**
 * A reporter's own reports about collectors and what came of them: the admin's last decision on it (issue
 * 47, row 3: what was done, never the admin's words), else 'sospeso' once the collector's account is
 * deactivated, 'risolto' once the admin marks it so, else 'in_esame'. Nothing about other reports.
 */
export async function myReports(em: EntityManager, userId: number) {
  const rows = await em.execute<
    {
      id: number;
      reported_username: string | null;
      status: Status;
      outcome: (typeof REPORT_OUTCOMES)[number];
      created_at: Date;
    }[]
  >(
    `select r.id, coalesce(r.reported_nickname, ru.nickname) as reported_username, r.status, r.created_at,
            coalesce((select d.action from moderation_decision d where d.report_id = r.id order by d.id desc limit 1),
                     case when ru.is_active = false then 'sospeso' when r.status = 'risolto' then 'risolto'
                          else 'in_esame' end) as outcome
       from report r left join app_user ru on ru.id = r.reported_user_id
      where r.user_id = ? and r.reported_user_id is not null
      order by r.created_at desc, r.id desc limit 20`,
    [userId],
  );
  return rows.map((row) => ({ ...row, created_at: iso(row.created_at) }));
}
