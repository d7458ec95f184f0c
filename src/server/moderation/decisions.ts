import type { EntityManager } from '@mikro-orm/postgresql';
import {
  type DecideInput,
  type DecisionAction,
  isRestriction,
  type TermsRule,
} from '../../rpc/schemas/moderation.ts';
import { DomainError } from '../domain-error.ts';
import { REPORT_NOT_FOUND_MESSAGE } from '../reports/reports.ts';
import { setUserActive } from '../users/user-admin.ts';
import { type DecisionMailEnv, mailOutcomeToReporter, mailStatement } from './decision-mails.ts';

const NOT_ABOUT_A_COLLECTOR_MESSAGE = 'Questa segnalazione non riguarda un collezionista';
const NOT_ABOUT_A_MESSAGE_MESSAGE = 'Questa segnalazione non riguarda un messaggio';
const ACCOUNT_DELETED_MESSAGE =
  "L'account segnalato è stato eliminato: puoi solo nascondere il messaggio o archiviare";
const NOTHING_CONTESTED_MESSAGE = "Non c'è una decisione contestata a cui rispondere";

/** Calls off a collector's open swaps: the swaps' rule, handed in by the caller (see user-admin.ts). */
type CallOffSwapsOf = (tx: EntityManager, userId: number) => Promise<unknown>;

type LastDecision = {
  action: DecisionAction;
  rule: TermsRule | null;
  message_id: number | null;
  until: Date | null;
  contested_at: Date | null;
};

/**
 * An admin's decision on a report about a collector (issue 47, row 3; decision 053), in one transaction
 * with its effect, the report marked 'risolto' and the mails: the statement of reasons to whoever it
 * affects (a child profile's goes to the parent) and the outcome to whoever reported. 'Conferma' and
 * 'Revoca' answer a contested decision: a revocation undoes what it did.
 */
export async function decide(
  em: EntityManager,
  mail: DecisionMailEnv,
  adminId: number,
  input: DecideInput,
  callOffSwapsOf: CallOffSwapsOf,
) {
  return em.transactional(async (tx) => {
    const [report] = await tx.execute<
      {
        user_id: number | null;
        reported_user_id: number | null;
        message_id: number | null;
        created_at: Date;
      }[]
    >('select user_id, reported_user_id, message_id, created_at from report where id = ? for update', [
      input.id,
    ]);
    if (!report) throw new DomainError('NOT_FOUND', REPORT_NOT_FOUND_MESSAGE);
    const targetId = report.reported_user_id;
    if (targetId === null) throw new DomainError('BAD_REQUEST', NOT_ABOUT_A_COLLECTOR_MESSAGE);
    const [target] = await tx.execute<{ deleted_at: Date | null }[]>(
      'select deleted_at from app_user where id = ? for update',
      [targetId],
    );
    const [last] = await tx.execute<LastDecision[]>(
      `select action, rule, message_id, until, contested_at from moderation_decision
        where report_id = ? order by id desc limit 1`,
      [input.id],
    );
    const answersContest = input.action === 'conferma' || input.action === 'revoca';
    if (answersContest && !(last && isRestriction(last.action) && last.contested_at))
      throw new DomainError('CONFLICT', NOTHING_CONTESTED_MESSAGE);
    const deleted = target?.deleted_at != null;
    if (deleted && input.action !== 'nascondi' && input.action !== 'archivia')
      throw new DomainError('CONFLICT', ACCOUNT_DELETED_MESSAGE);
    if (input.action === 'nascondi' && report.message_id === null)
      throw new DomainError('BAD_REQUEST', NOT_ABOUT_A_MESSAGE_MESSAGE);

    const days = input.days ?? 0;
    const undo = input.action === 'revoca' ? last : undefined;
    switch (input.action) {
      case 'nascondi':
        await tx.execute('update message set hidden_at = now() where id = ?', [report.message_id]);
        break;
      case 'limita':
        await tx.execute(
          'update app_user set limited_until = now() + make_interval(days => ?) where id = ?',
          [days, targetId],
        );
        break;
      case 'sospendi':
      case 'disattiva':
        await setUserActive(tx, adminId, targetId, false, callOffSwapsOf);
        await tx.execute(
          'update app_user set suspended_until = now() + make_interval(days => ?) where id = ? and ? > 0',
          [days, targetId, input.action === 'sospendi' ? 1 : 0],
        );
        break;
    }
    if (undo) await revoke(tx, adminId, targetId, undo, callOffSwapsOf);

    const [made] = await tx.execute<{ id: number; until: Date | null }[]>(
      `insert into moderation_decision (report_id, user_id, admin_id, action, rule, reason, message_id, until)
       values (?, ?, ?, ?, ?, ?, ?, case when ? > 0 then now() + make_interval(days => ?) else ?::timestamptz end)
       returning id, until`,
      [
        input.id,
        targetId,
        adminId,
        input.action,
        input.rule ?? last?.rule ?? null,
        input.reason,
        input.action === 'nascondi' ? report.message_id : answersContest ? (last?.message_id ?? null) : null,
        input.action === 'limita' || input.action === 'sospendi' ? days : 0,
        days,
        input.action === 'conferma' ? (last?.until ?? null) : null,
      ],
    );
    const decisionId = made?.id as number;
    await tx.execute(`update report set status = 'risolto', updated_at = now() where id = ?`, [input.id]);
    if (input.action !== 'archivia' && !deleted) await mailStatement(tx, mail, decisionId);
    if (report.user_id !== null && !answersContest)
      await mailOutcomeToReporter(tx, mail, {
        reportId: input.id,
        reporterId: report.user_id,
        action: input.action,
        reportedAt: report.created_at,
      });
    return { id: decisionId };
  });
}

/** 'Revoca': undoes what the contested decision did (a message shown again, the account free again). */
async function revoke(
  tx: EntityManager,
  adminId: number,
  userId: number,
  decision: LastDecision,
  callOffSwapsOf: CallOffSwapsOf,
) {
  if (decision.action === 'nascondi' && decision.message_id !== null)
    await tx.execute('update message set hidden_at = null where id = ?', [decision.message_id]);
  if (decision.action === 'limita')
    await tx.execute('update app_user set limited_until = null where id = ?', [userId]);
  if (decision.action === 'sospendi' || decision.action === 'disattiva') {
    await tx.execute('update app_user set suspended_until = null where id = ?', [userId]);
    await setUserActive(tx, adminId, userId, true, callOffSwapsOf);
  }
}
