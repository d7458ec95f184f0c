import { z } from '../zod.ts';
import { recordId } from './record-id.ts';
import { text } from './text.ts';

/**
 * The Termini's rules (issue 47): the page lists them, and every restrictive decision names one. The
 * keys are stored (moderation_decision.rule); the texts are what the Termini and a statement read.
 */
export const TERMS_RULES = {
  originali: 'Solo figurine originali: niente copie, ristampe o figurine false.',
  niente_vendita: 'Si scambia, non si vende: niente prezzi, pagamenti o annunci di vendita.',
  minori_contatti:
    'Con i minorenni niente contatti personali: nessun numero di telefono, indirizzo, profilo social o appuntamento fuori da un Punto Scambio.',
  rispetto: 'Rispetto: niente insulti, molestie, minacce, contenuti sessuali o discriminatori, spam.',
  account_veri: 'Niente account falsi, e nessuno finge di essere qualcun altro.',
} as const;
export type TermsRule = keyof typeof TERMS_RULES;
const RULE_KEYS = Object.keys(TERMS_RULES) as [TermsRule, ...TermsRule[]];

/**
 * What an admin may decide on a report (decision 053): the four restrictions of the Termini, 'archivia'
 * (no violation), and the answer to a contested decision, 'conferma' or 'revoca'.
 */
export const RESTRICTIONS = ['nascondi', 'limita', 'sospendi', 'disattiva'] as const;
export const DECISION_ACTIONS = [...RESTRICTIONS, 'archivia', 'conferma', 'revoca'] as const;
export type DecisionAction = (typeof DECISION_ACTIONS)[number];
export const isRestriction = (action: DecisionAction) => (RESTRICTIONS as readonly string[]).includes(action);
/** 'Limita' and 'Sospendi' last this many days (the admin chooses). */
export const DECISION_DAYS_MAX = 365;
export const DECISION_REASON_MAX = 1000;
export const CONTEST_TEXT_MAX = 1000;

/** The decision as the person it affects reads it, in the app and in the e-mail. */
export const DECISION_TITLES = {
  nascondi: 'Un tuo messaggio è stato rimosso',
  limita: 'Il tuo account è limitato',
  sospendi: 'Il tuo account è sospeso',
  disattiva: 'Il tuo account è stato disattivato',
  archivia: 'Nessuna violazione',
  conferma: 'La decisione è confermata',
  revoca: 'La decisione è stata revocata',
} as const satisfies Record<DecisionAction, string>;

/** What the collector who reported learns of the outcome: what was done, never the sentence. */
export const REPORT_OUTCOME_TEXTS = {
  nascondi: 'il messaggio è stato rimosso',
  limita: "l'account è stato limitato",
  sospendi: "l'account è stato sospeso",
  disattiva: "l'account è stato disattivato",
  archivia: 'nessuna violazione delle regole',
  conferma: 'la decisione è stata confermata',
  revoca: 'la decisione è stata revocata',
} as const satisfies Record<DecisionAction, string>;

const reportId = recordId('Segnalazione non valida');

/** `POST /api/admin/reports/:id/decision`: a rule and days where the action needs them. */
export const decideInput = z
  .strictObject({
    id: reportId,
    action: z.enum(DECISION_ACTIONS, { error: 'Scegli una decisione' }),
    rule: z.enum(RULE_KEYS, { error: 'Scegli la regola dei Termini' }).nullish(),
    reason: text(DECISION_REASON_MAX, `La motivazione non può superare ${DECISION_REASON_MAX} caratteri`, {
      error: 'Scrivi la motivazione',
      trim: true,
    }).min(10, 'Scrivi la motivazione in almeno una frase (10 caratteri)'),
    days: z.coerce
      .number({ error: 'Numero di giorni non valido' })
      .int('Numero di giorni non valido')
      .min(1, 'Almeno 1 giorno')
      .max(DECISION_DAYS_MAX, `Al massimo ${DECISION_DAYS_MAX} giorni`)
      .nullish(),
  })
  .superRefine((input, ctx) => {
    if (isRestriction(input.action) && !input.rule)
      ctx.addIssue({ code: 'custom', path: ['rule'], message: 'Scegli la regola dei Termini' });
    if ((input.action === 'limita' || input.action === 'sospendi') && !input.days)
      ctx.addIssue({ code: 'custom', path: ['days'], message: 'Indica per quanti giorni' });
  });
export type DecideInput = z.infer<typeof decideInput>;

export const reportIdInput = z.strictObject({ id: reportId });

/** A statement of reasons is read with the session of whoever it affects, or with the link of its e-mail. */
export const decisionInput = z.strictObject({
  id: recordId('Decisione non valida'),
  token: text(64, 'Link non valido').optional(),
});
export const contestInput = z.strictObject({
  id: recordId('Decisione non valida'),
  token: text(64, 'Link non valido').optional(),
  text: text(CONTEST_TEXT_MAX, `Il testo non può superare ${CONTEST_TEXT_MAX} caratteri`, {
    error: 'Scrivi perché non sei d’accordo',
    trim: true,
  }).min(10, 'Scrivi perché non sei d’accordo (almeno 10 caratteri)'),
});

/** A statement of reasons (DSA art. 17): what, which rule, the admin's words, until when, how to contest. */
export const decisionOutput = z.strictObject({
  id: z.int(),
  action: z.enum(DECISION_ACTIONS),
  rule: z.enum(RULE_KEYS).nullable(),
  reason: z.string(),
  /** The message a 'nascondi' removed, as its author wrote it. */
  message: z.string().nullable(),
  until: z.string().nullable(),
  createdAt: z.string(),
  contestedAt: z.string().nullable(),
  /** Whether 'Contesta la decisione' is still possible: a restriction, once. */
  contestable: z.boolean(),
});
export type Decision = z.infer<typeof decisionOutput>;
export const myDecisionsOutput = z.array(decisionOutput);

/** What the panel shows of a report's decisions, newest first. */
export const reportDecisionsOutput = z.strictObject({
  decisions: z.array(
    z.strictObject({
      id: z.int(),
      action: z.enum(DECISION_ACTIONS),
      rule: z.enum(RULE_KEYS).nullable(),
      reason: z.string(),
      admin: z.string().nullable(),
      until: z.string().nullable(),
      createdAt: z.string(),
      contestedAt: z.string().nullable(),
      contestText: z.string().nullable(),
    }),
  ),
  forwardedAt: z.string().nullable(),
  /** Whether the report is about one message ('Nascondi il messaggio' is offered). */
  messageReported: z.boolean(),
  /** Who a reported account was once deleted (kept 90 days with the open report), and whether it is barred. */
  reportedReference: z
    .strictObject({ nickname: z.string(), emailHash: z.string().nullable(), barred: z.boolean() })
    .nullable(),
});
export const okOutput = z.strictObject({ ok: z.literal(true) });

/** The export for the police: the report, both accounts, the messages with their times, the decisions. */
export const evidenceExportOutput = z.strictObject({
  exportedAt: z.string(),
  report: z.strictObject({
    id: z.int(),
    category: z.string().nullable(),
    description: z.string(),
    createdAt: z.string(),
    forwardedAt: z.string().nullable(),
  }),
  accounts: z.array(
    z.strictObject({
      role: z.enum(['segnalante', 'segnalato']),
      id: z.int().nullable(),
      nickname: z.string().nullable(),
      email: z.string().nullable(),
      emailHash: z.string().nullable(),
      ageBand: z.string().nullable(),
      createdAt: z.string().nullable(),
      deletedAt: z.string().nullable(),
    }),
  ),
  reportedMessage: z.unknown(),
  messages: z.array(
    z.strictObject({ id: z.int(), sender: z.string(), content: z.string(), sentAt: z.string() }),
  ),
  decisions: reportDecisionsOutput.shape.decisions,
});
