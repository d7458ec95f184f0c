import type { EntityManager } from '@mikro-orm/postgresql';
import type {
  REPORT_PRIORITIES,
  REPORT_STATUSES,
  REPORT_TYPES,
  REPORT_USER_CATEGORIES,
} from '../../rpc/schemas/reports.ts';
import { isAdultSql, isMinorSql } from '../db/age-band-sql.ts';
import { DomainError } from '../domain-error.ts';
import { type RateLimit, secondsText } from '../rate-limits.ts';
import { isUrgentReport } from './urgency.ts';

export const REPORT_NOT_FOUND_MESSAGE = 'Segnalazione non trovata';
export const REPORT_SELF_MESSAGE = 'Non puoi segnalare te stesso';
export const REPORTED_USER_NOT_FOUND_MESSAGE = 'Utente non trovato';

/** Refuses a sender (`ip:…` or `user:…`) who is over the reports-per-minute limit. */
export async function limitReports(errorReports: RateLimit, key: string) {
  const wait = await errorReports.take(key);
  if (wait !== undefined) {
    throw new DomainError('TOO_MANY_REQUESTS', `Troppe segnalazioni: riprova tra ${secondsText(wait)}`);
  }
}

type NewReport = {
  type: string;
  description: string;
  page?: string | null | undefined;
  url?: string | null | undefined;
  errorDetails?: unknown;
  userId: number | null;
  /** The collector a report is about ('Segnala' in the chat). */
  reportedUserId?: number | undefined;
  /** What a report about a collector is about ('adulto_minore'). */
  category?: (typeof REPORT_USER_CATEGORIES)[number] | undefined;
  userAgent: string | undefined;
  /** The message reported, and what it and the messages before it said then (issue 47, row 2). */
  messageId?: number | undefined;
  evidence?: unknown;
  /** The server's proposal ('urgente', urgency.ts); a client's say is never taken. */
  priority?: (typeof REPORT_PRIORITIES)[number] | undefined;
};

/** Details as text: a string as it came, anything else as its JSON (the schema bounded both). */
function detailsText(details: unknown): string | null {
  if (details === undefined || details === null) return null;
  return typeof details === 'string' ? details : JSON.stringify(details);
}

/**
 * Every report starts at 'media', whoever sends it: what a client claims (a status ≥ 500 it says it saw) is
 * not a fact the server can check, so only an admin raises it — or the server, for a collector's report
 * whose words name a phone, an address, a meeting or a minor ('urgente', urgency.ts).
 */
export async function createReport(em: EntityManager, report: NewReport) {
  const [row] = await em.execute<{ id: number }[]>(
    `insert into report (type, description, page, url, error_details, user_id, reported_user_id, category,
                         user_agent, message_id, evidence, priority)
     values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, coalesce(?, 'media')) returning id`,
    [
      report.type,
      report.description,
      report.page ?? null,
      report.url ?? null,
      detailsText(report.errorDetails),
      report.userId,
      report.reportedUserId ?? null,
      report.category ?? null,
      // A header: Node's parser already refuses control characters in it.
      report.userAgent?.slice(0, 500) ?? null,
      report.messageId ?? null,
      report.evidence === undefined ? null : JSON.stringify(report.evidence),
      report.priority ?? null,
    ],
  );
  return { id: row?.id as number };
}

/** 'adulto_minore' reports about one adult, from this many accounts within the window, stop them (row 8). */
export const ADULT_MINOR_REPORTERS = 3;
const ADULT_MINOR_WINDOW = '7 days';

/**
 * A collector reports another, who must exist and be active (a deactivated one is already dealt with):
 * a report of type `user` whose description is the reason. The third 'adulto_minore' report about an
 * adult from a third account within 7 days stops that adult reaching any minor at once, in the same
 * transaction (issue 45, row 8): hidden from them, no message to them, until an admin reviews.
 */
export async function reportUser(
  em: EntityManager,
  report: {
    userId: number;
    reportedUserId: number;
    reason: string;
    category?: (typeof REPORT_USER_CATEGORIES)[number] | undefined;
    userAgent: string | undefined;
    messageId?: number | undefined;
    evidence?: { message: { content: string }; before: { content: string }[] } | undefined;
  },
) {
  if (report.reportedUserId === report.userId) throw new DomainError('BAD_REQUEST', REPORT_SELF_MESSAGE);
  const [reported] = await em.execute<{ id: number }[]>(
    'select id from app_user where id = ? and is_active',
    [report.reportedUserId],
  );
  if (!reported) throw new DomainError('NOT_FOUND', REPORTED_USER_NOT_FOUND_MESSAGE);
  return em.transactional(async (tx) => {
    const created = await createReport(tx, {
      type: 'user',
      description: report.reason,
      userId: report.userId,
      reportedUserId: report.reportedUserId,
      category: report.category,
      userAgent: report.userAgent,
      messageId: report.messageId,
      evidence: report.evidence,
      priority: isUrgentReport({
        category: report.category,
        texts: [
          report.reason,
          ...(report.evidence ? [report.evidence.message, ...report.evidence.before] : []).map(
            (said) => said.content,
          ),
        ],
      })
        ? 'urgente'
        : undefined,
    });
    if (report.category === 'adulto_minore') {
      // Under the reported row's lock: concurrent reports count one after the other.
      await tx.execute(
        `update app_user u set minor_contact_suspended_at = now()
          where u.id = ? and u.minor_contact_suspended_at is null and ${isAdultSql('u')}
            and (select count(distinct r.user_id) from report r
                  where r.reported_user_id = u.id and r.category = 'adulto_minore'
                    and r.created_at > now() - interval '${ADULT_MINOR_WINDOW}') >= ?`,
        [report.reportedUserId, ADULT_MINOR_REPORTERS],
      );
    }
    return created;
  });
}

type Filters = { status?: string | undefined; priority?: string | undefined; type?: string | undefined };

function where(filters: Filters) {
  const clauses: string[] = [];
  const params: string[] = [];
  for (const key of ['status', 'priority', 'type'] as const) {
    const value = filters[key];
    if (value && value !== 'all') {
      clauses.push(`r.${key} = ?`);
      params.push(value);
    }
  }
  return { sql: clauses.length > 0 ? `where ${clauses.join(' and ')}` : '', params };
}

/** A report row; the table's checks hold type, status and priority to the schemas' values. */
type Row = {
  id: number;
  type: (typeof REPORT_TYPES)[number];
  description: string;
  page: string | null;
  url: string | null;
  error_details: string | null;
  user_id: number | null;
  username: string | null;
  reported_user_id: number | null;
  reported_username: string | null;
  reported_user_active: boolean | null;
  user_agent: string | null;
  status: (typeof REPORT_STATUSES)[number];
  priority: (typeof REPORT_PRIORITIES)[number];
  category: (typeof REPORT_USER_CATEGORIES)[number] | null;
  involves_minor: boolean;
  created_at: Date;
  updated_at: Date;
};

const toReport = (row: Row) => ({
  ...row,
  created_at: new Date(row.created_at).toISOString(),
  updated_at: new Date(row.updated_at).toISOString(),
});

/**
 * A report as the admin reads it, with both collectors' nicknames and whether it involves a minor (an
 * 'adulto_minore' or 'verso_minore' report, or a minor sending or named: issue 45, row 8).
 */
const REPORT_ROWS = `select r.id, r.type, r.description, r.page, r.url, r.error_details, r.user_id, r.reported_user_id,
    r.user_agent, r.status, r.priority, r.category, r.created_at, r.updated_at,
    u.nickname as username, ru.nickname as reported_username, ru.is_active as reported_user_active,
    (coalesce(r.category in ('adulto_minore', 'verso_minore'), false) or (u.id is not null and ${isMinorSql('u')})
      or (ru.id is not null and ${isMinorSql('ru')})) as involves_minor
  from report r left join app_user u on u.id = r.user_id left join app_user ru on ru.id = r.reported_user_id`;

/** One page of reports, those involving a minor first, then the urgent ones, then newest first, with the totals the pagination bar needs. */
export async function listReports(em: EntityManager, filters: Filters & { page: number; limit: number }) {
  const { sql, params } = where(filters);
  const [count] = await em.execute<{ total: string }[]>(
    `select count(*) as total from report r ${sql}`,
    params,
  );
  const total = Number(count?.total ?? 0);
  const rows = await em.execute<Row[]>(
    `${REPORT_ROWS} ${sql} order by involves_minor desc, r.priority = 'urgente' desc, r.created_at desc, r.id desc limit ? offset ?`,
    [...params, filters.limit, (filters.page - 1) * filters.limit],
  );
  const totalPages = Math.ceil(total / filters.limit);
  return { reports: rows.map(toReport), total, totalPages, hasNextPage: filters.page < totalPages };
}

export async function updateReport(
  em: EntityManager,
  input: { id: number; status?: string | undefined; priority?: string | undefined },
) {
  const updated = await em.execute<{ id: number }[]>(
    `update report set status = coalesce(?, status), priority = coalesce(?, priority), updated_at = now()
      where id = ? returning id`,
    [input.status ?? null, input.priority ?? null, input.id],
  );
  if (updated.length === 0) throw new DomainError('NOT_FOUND', REPORT_NOT_FOUND_MESSAGE);
  const [row] = await em.execute<Row[]>(`${REPORT_ROWS} where r.id = ?`, [input.id]);
  if (!row) throw new DomainError('NOT_FOUND', REPORT_NOT_FOUND_MESSAGE);
  return toReport(row);
}

export async function setStatusInBulk(em: EntityManager, ids: number[], status: string) {
  const rows = await em.execute<{ id: number }[]>(
    `update report set status = ?, updated_at = now() where id in (${ids.map(() => '?').join(', ')}) returning id`,
    [status, ...ids],
  );
  return { updatedCount: rows.length };
}

export async function deleteInBulk(em: EntityManager, ids: number[]) {
  const rows = await em.execute<{ id: number }[]>(
    `delete from report where id in (${ids.map(() => '?').join(', ')}) returning id`,
    ids,
  );
  return { deletedCount: rows.length };
}
