import { z } from '../zod.ts';
import { DECISION_ACTIONS } from './moderation.ts';
import { recordId } from './record-id.ts';
import {
  ERROR_DETAILS_MAX,
  ERROR_REPORT_TYPES,
  REPORT_DESCRIPTION_MAX,
  REPORT_PAGE_MAX,
  REPORT_REASON_MAX,
  REPORT_URL_MAX,
} from './reports-limits.ts';
import { freeJson, text } from './text.ts';

export const REPORT_TYPES = ['user', 'error', 'spam', 'js_error', 'network_error', 'api_error'] as const;
/** 'risolto': the admin dealt with it; the reporter of a collector then reads so in their profile. */
export const REPORT_STATUSES = ['nuovo', 'aperto', 'inviato', 'risolto'] as const;
/** 'urgente': proposed by the server for a report naming a phone, an address, a meeting or a minor. */
export const REPORT_PRIORITIES = ['media', 'alta', 'urgente'] as const;
export const REPORTS_PAGE_SIZE = 20;
/**
 * What a report about a collector or a message is about (issue 47, row 2, the Termini's rules): 'Un adulto
 * mi mette a disagio' (issue 45, row 8) is offered to minors only; 'Comportamento verso un minore' to adults.
 */
export const REPORT_USER_CATEGORIES = [
  'molestie',
  'adulto_minore',
  'contatti_personali',
  'truffa',
  'verso_minore',
  'spam',
  'altro',
] as const;
export type ReportUserCategory = (typeof REPORT_USER_CATEGORIES)[number];
export const REPORT_USER_CATEGORY_LABELS = {
  molestie: 'Molestie',
  adulto_minore: 'Un adulto mi mette a disagio',
  contatti_personali: 'Contatti personali',
  truffa: 'Truffa o figurine false',
  verso_minore: 'Comportamento verso un minore',
  spam: 'Spam',
  altro: 'Altro',
} as const satisfies Record<ReportUserCategory, string>;
const reportCategory = z.enum(REPORT_USER_CATEGORIES, { error: 'Scegli il motivo della segnalazione' });

const description = text(
  REPORT_DESCRIPTION_MAX,
  `La descrizione non può superare ${REPORT_DESCRIPTION_MAX} caratteri`,
  { error: 'La descrizione è obbligatoria', trim: true },
).min(1, 'La descrizione è obbligatoria');
const page = text(REPORT_PAGE_MAX, 'Pagina non valida', { trim: true }).nullish();

/**
 * POST /api/reports/error: the app's automatic reports. Unknown fields are dropped, never stored; what
 * is kept is bounded here, so both transports refuse the same oversized or malformed report.
 */
export const errorReportInput = z.object({
  type: z.enum(ERROR_REPORT_TYPES, { error: 'Tipo di segnalazione non valido' }),
  description,
  errorDetails: freeJson(ERROR_DETAILS_MAX, "Dettagli dell'errore troppo lunghi").optional(),
  page,
  url: text(REPORT_URL_MAX, 'Indirizzo non valido', { trim: true }).nullish(),
});

/** 'Segnala un problema' in the profile. */
export const userReportInput = z.strictObject({ description, page });

/** 'Segnala' in a chat's menu: a collector reports another (REST: `/api/users/:id/report`). */
export const reportUserInput = z.strictObject({
  userId: recordId('Utente non valido'),
  reason: text(REPORT_REASON_MAX, `Il motivo non può superare ${REPORT_REASON_MAX} caratteri`, {
    error: 'Il motivo è obbligatorio',
    trim: true,
  }).min(1, 'Il motivo è obbligatorio'),
  category: z.enum(REPORT_USER_CATEGORIES, { error: 'Categoria non valida' }).optional(),
});

/** 'Segnala' on a message (`POST /api/messages/:id/report`): a reason from the list, and words if wanted. */
export const reportMessageInput = z.strictObject({
  id: recordId('Messaggio non valido'),
  category: reportCategory,
  text: text(REPORT_REASON_MAX, `Il testo non può superare ${REPORT_REASON_MAX} caratteri`, {
    trim: true,
  }).optional(),
});

const reportIdSchema = recordId('Segnalazione non valida');

const filter = <T extends readonly [string, ...string[]]>(values: T, message: string) =>
  z.union([z.literal('all'), z.enum(values)], { error: message }).optional();

const cacheBuster = z.union([z.number(), text(32, 'Parametro non valido')]).optional();

export const reportsQueryInput = z
  .object({
    status: filter(REPORT_STATUSES, 'Stato non valido'),
    priority: filter(REPORT_PRIORITIES, 'Priorità non valida'),
    type: filter(REPORT_TYPES, 'Tipo non valido'),
    page: z.coerce
      .number({ error: 'Pagina non valida' })
      .int('Pagina non valida')
      .min(1, 'Pagina non valida')
      .max(100_000)
      .default(1),
    limit: z.coerce
      .number({ error: 'Limite non valido' })
      .int('Limite non valido')
      .min(1, 'Limite non valido')
      .max(100, 'Al massimo 100 segnalazioni per pagina')
      .default(REPORTS_PAGE_SIZE),
    // The spec's cache-busting timestamp: accepted, ignored (answers are never cached anyway).
    t: cacheBuster,
    _t: cacheBuster,
  })
  .optional();

export const updateReportInput = z
  .strictObject({
    id: reportIdSchema,
    status: z.enum(REPORT_STATUSES, { error: 'Stato non valido' }).optional(),
    priority: z.enum(REPORT_PRIORITIES, { error: 'Priorità non valida' }).optional(),
  })
  .refine((input) => input.status !== undefined || input.priority !== undefined, {
    message: 'Indica lo stato o la priorità',
  });

const BULK_SELECTION_MESSAGE = 'Seleziona almeno una segnalazione e uno stato valido';
export const bulkStatusInput = z.strictObject({
  reportIds: z
    .array(reportIdSchema, { error: BULK_SELECTION_MESSAGE })
    .min(1, BULK_SELECTION_MESSAGE)
    .max(1000),
  status: z.enum(REPORT_STATUSES, { error: BULK_SELECTION_MESSAGE }),
});

const DELETE_SELECTION_MESSAGE = 'Seleziona almeno una segnalazione da eliminare';
export const bulkDeleteInput = z.strictObject({
  reportIds: z
    .array(reportIdSchema, { error: DELETE_SELECTION_MESSAGE })
    .min(1, DELETE_SELECTION_MESSAGE)
    .max(1000),
});

/** A report as the admin's list shows it: the table's columns, with the sender's nickname. */
export const reportOutput = z.strictObject({
  id: z.int(),
  type: z.enum(REPORT_TYPES),
  description: z.string(),
  page: z.string().nullable(),
  url: z.string().nullable(),
  error_details: z.string().nullable(),
  user_id: z.int().nullable(),
  username: z.string().nullable(),
  /** A report about a collector ('Segnala' in the chat) names them. */
  reported_user_id: z.int().nullable(),
  reported_username: z.string().nullable(),
  /** Whether the reported collector may still log in (null: the report names nobody). */
  reported_user_active: z.boolean().nullable(),
  user_agent: z.string().nullable(),
  status: z.enum(REPORT_STATUSES),
  priority: z.enum(REPORT_PRIORITIES),
  /** 'adulto_minore': 'Un adulto mi mette a disagio' (issue 45, row 8). */
  category: z.enum(REPORT_USER_CATEGORIES).nullable(),
  /** An 'adulto_minore' report, or one a minor sent or is named in: listed first. */
  involves_minor: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export const reportsPageOutput = z.strictObject({
  reports: z.array(reportOutput),
  total: z.int(),
  totalPages: z.int(),
  hasNextPage: z.boolean(),
});
export const createdReportOutput = z.strictObject({ id: z.int() });
export const bulkStatusOutput = z.strictObject({ updatedCount: z.int() });
export const bulkDeleteOutput = z.strictObject({ deletedCount: z.int() });

/** The newest messages of the reporter's chat with the reported collector that the admin reads as evidence. */
export const EVIDENCE_MESSAGES_MAX = 10;
/** Other reports about the same collector shown beside one (newest first). */
export const EVIDENCE_REPORTS_MAX = 20;
export const reportEvidenceInput = z.strictObject({ id: reportIdSchema });
export const reportEvidenceOutput = z.strictObject({
  /** A report on a message (issue 47, row 2): the message as it read when reported, kept with the report. */
  reportedMessage: z.strictObject({ sender: z.string(), content: z.string(), sentAt: z.string() }).nullable(),
  /** Oldest first; empty when the report names nobody or the two never wrote. */
  messages: z.array(z.strictObject({ sender: z.string(), content: z.string(), created_at: z.string() })),
  otherReports: z.array(
    z.strictObject({
      id: z.int(),
      reporter: z.string().nullable(),
      description: z.string(),
      status: z.enum(REPORT_STATUSES),
      created_at: z.string(),
    }),
  ),
});

/**
 * What a reporter learns: still being looked at, resolved, the collector's account suspended, or the
 * admin's decision (moderation.ts).
 */
export const REPORT_OUTCOMES = ['in_esame', 'risolto', 'sospeso', ...DECISION_ACTIONS] as const;
/** My reports about collectors, newest first, with their outcome. */
export const myReportsOutput = z.array(
  z.strictObject({
    id: z.int(),
    reported_username: z.string().nullable(),
    status: z.enum(REPORT_STATUSES),
    outcome: z.enum(REPORT_OUTCOMES),
    created_at: z.string(),
  }),
);
