import type { EntityManager } from '@mikro-orm/postgresql';
import { type DecisionAction, isRestriction, type TermsRule } from '../../rpc/schemas/moderation.ts';
import { DomainError } from '../domain-error.ts';
import { createReport } from '../reports/reports.ts';
import { isDecisionToken } from './decision-token.ts';

export const DECISION_NOT_FOUND_MESSAGE = 'Decisione non trovata';
const ALREADY_CONTESTED_MESSAGE = 'Hai già contestato questa decisione: la stiamo riesaminando';
const NOT_CONTESTABLE_MESSAGE = 'Questa decisione non si può contestare';

type Row = {
  id: number;
  report_id: number | null;
  user_id: number;
  parent_id: number | null;
  action: DecisionAction;
  rule: TermsRule | null;
  reason: string;
  content: string | null;
  until: Date | null;
  created_at: Date;
  contested_at: Date | null;
  answered: boolean;
};

/** Decisions as their subject reads them; 'archivia' is about a report, not addressed to anyone. */
const DECISIONS = `select d.id, d.report_id, d.user_id, u.parent_id, d.action, d.rule, d.reason, d.until,
    d.created_at, d.contested_at, case when d.action = 'nascondi' then m.content end as content,
    exists (select 1 from moderation_decision later where later.report_id = d.report_id and later.id > d.id)
      as answered
  from moderation_decision d join app_user u on u.id = d.user_id left join message m on m.id = d.message_id
  where d.action <> 'archivia'`;

const iso = (date: Date | null) => (date === null ? null : new Date(date).toISOString());
const toStatement = (row: Row) => ({
  id: row.id,
  action: row.action,
  rule: row.rule,
  reason: row.reason,
  message: row.content,
  until: iso(row.until),
  createdAt: iso(row.created_at) as string,
  contestedAt: iso(row.contested_at),
  contestable: isRestriction(row.action) && row.contested_at === null && !row.answered,
});

/** Who may read a statement: its subject (or, for a child profile, the parent), or the link's holder. */
type Reader = { userId: number | undefined; token: string | undefined; secret: string };

async function readableDecision(em: EntityManager, id: number, reader: Reader, lock = false) {
  const [row] = await em.execute<Row[]>(`${DECISIONS} and d.id = ?${lock ? ' for update of d' : ''}`, [id]);
  const mine = row && reader.userId !== undefined && [row.user_id, row.parent_id].includes(reader.userId);
  const linked = row && reader.token !== undefined && isDecisionToken(reader.secret, id, reader.token);
  // Someone else's decision, or an unknown id: the same answer.
  if (!row || !(mine || linked)) throw new DomainError('NOT_FOUND', DECISION_NOT_FOUND_MESSAGE);
  return row;
}

/** A statement of reasons (`GET /api/decisions/:id`), with the session or with the e-mail's link. */
export async function readDecision(em: EntityManager, id: number, reader: Reader) {
  return toStatement(await readableDecision(em, id, reader));
}

/** Profilo → 'Decisioni sul tuo account': the decisions about me and my child profiles, newest first. */
export async function myDecisions(em: EntityManager, userId: number) {
  const rows = await em.execute<Row[]>(
    `${DECISIONS} and (d.user_id = ? or u.parent_id = ?) order by d.id desc limit 20`,
    [userId, userId],
  );
  return rows.map(toStatement);
}

/**
 * 'Contesta la decisione', once (DSA art. 20): the words are kept with the decision and its report opens
 * again, first in the admin's list, for another look; a report the admin has since deleted comes back as
 * a new one about the same collector.
 */
export async function contestDecision(em: EntityManager, id: number, reader: Reader, text: string) {
  return em.transactional(async (tx) => {
    const row = await readableDecision(tx, id, reader, true);
    if (!isRestriction(row.action) || row.answered)
      throw new DomainError('BAD_REQUEST', NOT_CONTESTABLE_MESSAGE);
    if (row.contested_at !== null) throw new DomainError('CONFLICT', ALREADY_CONTESTED_MESSAGE);
    let reportId = row.report_id;
    if (reportId === null) {
      ({ id: reportId } = await createReport(tx, {
        type: 'user',
        description: `Contestazione della decisione n. ${id}`,
        userId: row.user_id,
        reportedUserId: row.user_id,
        userAgent: undefined,
      }));
    }
    await tx.execute(
      `update moderation_decision set contested_at = now(), contest_text = ?, report_id = ? where id = ?`,
      [text, reportId, id],
    );
    await tx.execute(
      `update report set status = 'aperto', priority = 'alta', updated_at = now() where id = ?`,
      [reportId],
    );
    return toStatement((await tx.execute<Row[]>(`${DECISIONS} and d.id = ?`, [id]))[0] as Row);
  });
}
