import type { EntityManager } from '@mikro-orm/postgresql';
import { ageBandOfUser } from '../../rpc/schemas/age-band-rule.ts';
import type { DecisionAction, TermsRule } from '../../rpc/schemas/moderation.ts';
import { DomainError } from '../domain-error.ts';
import { emailHashSql } from '../reports/reported-reference.ts';
import { REPORT_NOT_FOUND_MESSAGE } from '../reports/reports.ts';

const NOT_FORWARDED_MESSAGE = 'Prima segna la segnalazione come inoltrata alle autorità';
const NOTHING_TO_BAR_MESSAGE =
  "Nessun indirizzo e-mail da bloccare: l'account segnalato non è stato eliminato o non aveva un'e-mail";
/** The chat between the two collectors in the export, newest last. */
const EXPORTED_MESSAGES_MAX = 500;

const iso = (date: Date | null) => (date === null ? null : new Date(date).toISOString());

type ReportRow = {
  id: number;
  user_id: number | null;
  reported_user_id: number | null;
  category: string | null;
  description: string;
  evidence: unknown;
  created_at: Date;
  forwarded_at: Date | null;
  reported_nickname: string | null;
  reported_email_hash: string | null;
  message_reported: boolean;
};

async function reportOf(em: EntityManager, id: number) {
  const [report] = await em.execute<ReportRow[]>(
    `select id, user_id, reported_user_id, category, description, evidence, created_at, forwarded_at,
            reported_nickname, reported_email_hash, evidence is not null as message_reported
       from report where id = ?`,
    [id],
  );
  if (!report) throw new DomainError('NOT_FOUND', REPORT_NOT_FOUND_MESSAGE);
  return report;
}

async function decisionsOf(em: EntityManager, reportId: number) {
  const rows = await em.execute<
    {
      id: number;
      action: DecisionAction;
      rule: TermsRule | null;
      reason: string;
      admin: string | null;
      until: Date | null;
      created_at: Date;
      contested_at: Date | null;
      contest_text: string | null;
    }[]
  >(
    `select d.id, d.action, d.rule, d.reason, a.nickname as admin, d.until, d.created_at, d.contested_at,
            d.contest_text
       from moderation_decision d left join app_user a on a.id = d.admin_id
      where d.report_id = ? order by d.id desc`,
    [reportId],
  );
  return rows.map((row) => ({
    id: row.id,
    action: row.action,
    rule: row.rule,
    reason: row.reason,
    admin: row.admin,
    until: iso(row.until),
    createdAt: iso(row.created_at) as string,
    contestedAt: iso(row.contested_at),
    contestText: row.contest_text,
  }));
}

/** The panel's view of what was decided on a report, whether it went to the police, and a deleted account's reference. */
export async function reportDecisions(em: EntityManager, reportId: number) {
  const report = await reportOf(em, reportId);
  const barred = report.reported_email_hash
    ? (await em.execute('select 1 from signup_bar where email_hash = ?', [report.reported_email_hash]))
        .length > 0
    : false;
  return {
    decisions: await decisionsOf(em, reportId),
    forwardedAt: iso(report.forwarded_at),
    messageReported: report.message_reported,
    reportedReference: report.reported_nickname
      ? { nickname: report.reported_nickname, emailHash: report.reported_email_hash, barred }
      : null,
  };
}

/**
 * 'Minaccia alla vita o alla sicurezza': the admin records that the report goes to the authorities (who,
 * when; the first time is kept), which raises it and unlocks the export of its evidence.
 */
export async function forwardToAuthorities(em: EntityManager, adminId: number, reportId: number) {
  const rows = await em.execute(
    `update report set forwarded_at = coalesce(forwarded_at, now()), forwarded_by = coalesce(forwarded_by, ?),
            priority = 'alta', updated_at = now()
      where id = ? returning id`,
    [adminId, reportId],
  );
  if (rows.length === 0) throw new DomainError('NOT_FOUND', REPORT_NOT_FOUND_MESSAGE);
  return { ok: true as const };
}

type Account = {
  id: number;
  nickname: string;
  email: string | null;
  email_hash: string | null;
  birth_year: number | null;
  birth_month: number | null;
  created_at: Date;
  deleted_at: Date | null;
};

async function accountOf(em: EntityManager, id: number | null) {
  if (id === null) return undefined;
  const [row] = await em.execute<Account[]>(
    `select id, nickname, email, case when email is null then null else ${emailHashSql('email')} end as email_hash,
            birth_year, birth_month, created_at, deleted_at
       from app_user where id = ?`,
    [id],
  );
  return row;
}

/**
 * The evidence for the police, once the report is marked as forwarded: the report, both accounts (a
 * deleted one by its kept reference), the reported message as it read, the chat between the two with
 * every time, and the decisions taken.
 */
export async function exportEvidence(em: EntityManager, reportId: number) {
  const report = await reportOf(em, reportId);
  if (report.forwarded_at === null) throw new DomainError('CONFLICT', NOT_FORWARDED_MESSAGE);
  const reporter = await accountOf(em, report.user_id);
  const reported = await accountOf(em, report.reported_user_id);
  const account = (role: 'segnalante' | 'segnalato', row: Account | undefined) => ({
    role,
    id: row?.id ?? null,
    nickname: role === 'segnalato' && row?.deleted_at ? report.reported_nickname : (row?.nickname ?? null),
    email: row?.email ?? null,
    emailHash:
      role === 'segnalato' && row?.deleted_at ? report.reported_email_hash : (row?.email_hash ?? null),
    ageBand:
      row?.birth_year == null
        ? null
        : ageBandOfUser({ birthYear: row.birth_year, birthMonth: row.birth_month }),
    createdAt: iso(row?.created_at ?? null),
    deletedAt: iso(row?.deleted_at ?? null),
  });
  const messages =
    report.user_id === null || report.reported_user_id === null
      ? []
      : await em.execute<{ id: number | string; sender: string; content: string; created_at: Date }[]>(
          `select * from (
             select m.id, u.nickname as sender, m.content, m.created_at
               from match pair join message m on m.match_id = pair.id join app_user u on u.id = m.sender_id
              where pair.user_low_id = least(?::int, ?::int) and pair.user_high_id = greatest(?::int, ?::int)
              order by m.id desc limit ?
           ) newest order by id`,
          [
            report.user_id,
            report.reported_user_id,
            report.user_id,
            report.reported_user_id,
            EXPORTED_MESSAGES_MAX,
          ],
        );
  return {
    exportedAt: new Date().toISOString(),
    report: {
      id: report.id,
      category: report.category,
      description: report.description,
      createdAt: iso(report.created_at) as string,
      forwardedAt: iso(report.forwarded_at),
    },
    accounts: [account('segnalante', reporter), account('segnalato', reported)],
    reportedMessage: report.evidence ?? null,
    messages: messages.map((message) => ({
      id: Number(message.id),
      sender: message.sender,
      content: message.content,
      sentAt: iso(message.created_at) as string,
    })),
    decisions: await decisionsOf(em, reportId),
  };
}

/** 'Impedisci una nuova registrazione': a deleted reported account's e-mail may not be verified again. */
export async function barReportedAccount(em: EntityManager, adminId: number, reportId: number) {
  const report = await reportOf(em, reportId);
  if (!report.reported_email_hash) throw new DomainError('CONFLICT', NOTHING_TO_BAR_MESSAGE);
  await em.execute(
    `insert into signup_bar (email_hash, nickname, report_id, admin_id) values (?, ?, ?, ?)
     on conflict (email_hash) do nothing`,
    [report.reported_email_hash, report.reported_nickname, reportId, adminId],
  );
  return { ok: true as const };
}
