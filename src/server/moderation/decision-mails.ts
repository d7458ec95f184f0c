import type { EntityManager } from '@mikro-orm/postgresql';
import { italianMoment } from '../../rpc/schemas/italian-dates.ts';
import {
  DECISION_TITLES,
  type DecisionAction,
  isRestriction,
  REPORT_OUTCOME_TEXTS,
  TERMS_RULES,
  type TermsRule,
} from '../../rpc/schemas/moderation.ts';
import type { Env } from '../env.ts';
import { enqueueMail } from '../mail/mail-queue.ts';
import { appLink, sendsMail } from '../mail/mail-sender.ts';
import { decisionToken } from './decision-token.ts';

export type DecisionMailEnv = {
  env: Pick<Env, 'NODE_ENV' | 'SMTP_URL' | 'MAIL_FROM' | 'PUBLIC_URL'>;
  secret: string;
};

/**
 * Where a collector's mail goes: their verified address, or a child profile's parent's (issue 45, row 2).
 * None without a verified address: the statement is in the app anyway.
 */
async function recipientOf(tx: EntityManager, userId: number) {
  const [row] = await tx.execute<{ nickname: string; email: string | null }[]>(
    `select u.nickname, coalesce(case when u.email_verified_at is not null then u.email end,
                                 case when p.email_verified_at is not null then p.email end) as email
       from app_user u left join app_user p on p.id = u.parent_id
      where u.id = ? and u.deleted_at is null`,
    [userId],
  );
  return row?.email ? { nickname: row.nickname, email: row.email } : undefined;
}

/** The statement of reasons by e-mail (DSA art. 17): what, which rule, the words, until when, how to contest. */
export async function mailStatement(tx: EntityManager, mail: DecisionMailEnv, decisionId: number) {
  if (!sendsMail(mail.env)) return;
  const [decision] = await tx.execute<
    {
      user_id: number;
      action: DecisionAction;
      rule: TermsRule | null;
      reason: string;
      until: Date | null;
      content: string | null;
    }[]
  >(
    `select d.user_id, d.action, d.rule, d.reason, d.until, m.content
       from moderation_decision d left join message m on m.id = d.message_id where d.id = ?`,
    [decisionId],
  );
  if (!decision) return;
  const to = await recipientOf(tx, decision.user_id);
  if (!to) return;
  const link = appLink(mail.env, `/decisioni/${decisionId}`, decisionToken(mail.secret, decisionId));
  const lines = [
    `Ciao ${to.nickname},`,
    '',
    `${DECISION_TITLES[decision.action]}${decision.until ? ` fino al ${italianMoment(decision.until)}` : ''}.`,
  ];
  if (decision.rule) lines.push('', `Regola dei Termini: ${TERMS_RULES[decision.rule]}`);
  lines.push('', `Motivazione: ${decision.reason}`);
  if (decision.action === 'nascondi' && decision.content)
    lines.push('', `Il messaggio: «${decision.content}»`);
  lines.push('');
  if (isRestriction(decision.action)) {
    lines.push(
      'Se non sei d’accordo puoi contestare la decisione, una volta, da questa pagina: un amministratore la riesaminerà.',
      '',
      link,
      '',
      'Restano i rimedi davanti a un organismo di risoluzione extragiudiziale certificato o all’autorità giudiziaria.',
    );
  } else {
    lines.push('La decisione e la sua motivazione:', '', link);
  }
  await enqueueMail(tx, { to: to.email, subject: DECISION_TITLES[decision.action], text: lines.join('\n') });
}

/** The outcome to whoever reported (issue 47, row 2): what was done, not the admin's words. */
export async function mailOutcomeToReporter(
  tx: EntityManager,
  mail: DecisionMailEnv,
  outcome: { reportId: number; reporterId: number; action: DecisionAction; reportedAt: Date },
) {
  if (!sendsMail(mail.env)) return;
  const to = await recipientOf(tx, outcome.reporterId);
  if (!to) return;
  const [reported] = await tx.execute<{ nickname: string }[]>(
    `select coalesce(r.reported_nickname, u.nickname) as nickname
       from report r join app_user u on u.id = r.reported_user_id where r.id = ?`,
    [outcome.reportId],
  );
  await enqueueMail(tx, {
    to: to.email,
    subject: 'La tua segnalazione è stata esaminata',
    text: [
      `Ciao ${to.nickname},`,
      '',
      `abbiamo esaminato la tua segnalazione su ${reported?.nickname ?? 'un collezionista'} del ${italianMoment(outcome.reportedAt)}: ${REPORT_OUTCOME_TEXTS[outcome.action]}.`,
      '',
      'Grazie: ogni segnalazione aiuta a tenere Scambio Figurine un posto sicuro. Trovi l’esito anche in Profilo, «Le tue segnalazioni».',
    ].join('\n'),
  });
}
