import { REPORT_PRIORITIES, REPORT_STATUSES, REPORT_TYPES } from '../../../../rpc/schemas/reports.ts';
import { ERROR_REPORT_TYPES } from '../../../../rpc/schemas/reports-limits.ts';

export type ReportType = (typeof REPORT_TYPES)[number];
export type ReportStatus = (typeof REPORT_STATUSES)[number];
export type ReportPriority = (typeof REPORT_PRIORITIES)[number];

const TYPE_LABELS: Record<ReportType, string> = {
  user: 'Segnalazione utente',
  error: 'Errore generico',
  spam: 'Spam',
  js_error: 'Errore JavaScript',
  network_error: 'Errore di rete',
  api_error: 'Errore API',
};
const STATUS_LABELS: Record<ReportStatus, string> = {
  nuovo: 'Nuovo',
  aperto: 'Aperto',
  inviato: 'Inviato',
  risolto: 'Risolto',
};
const PRIORITY_LABELS: Record<ReportPriority, string> = { media: 'Media', alta: 'Alta', urgente: 'Urgente' };
const PRIORITY_COLORS: Record<ReportPriority, string> = { media: 'yellow', alta: 'red', urgente: 'grape' };

/** What the app sends by itself (errors), as against what a person wrote (a report about a collector, a problem). */
export const isAutomatic = (type: string) => (ERROR_REPORT_TYPES as readonly string[]).includes(type);

const has = <T extends string>(labels: Record<T, string>, value: string): value is T => value in labels;

// A value the server might hold one day but this screen does not know yet is shown as it is.
export const typeLabel = (type: string) => (has(TYPE_LABELS, type) ? TYPE_LABELS[type] : type);
export const statusLabel = (status: string) => (has(STATUS_LABELS, status) ? STATUS_LABELS[status] : status);
export const priorityLabel = (value: string) =>
  has(PRIORITY_LABELS, value) ? PRIORITY_LABELS[value] : value;
/** The spec's priority marker: its own colour for media and alta (and urgente), green for any other value. */
export const priorityColor = (value: string) =>
  has(PRIORITY_COLORS, value) ? PRIORITY_COLORS[value] : 'green';

/** The value as the Select knows it, or none for a value this screen does not list. */
export const knownStatus = (value: string) => (has(STATUS_LABELS, value) ? value : null);
export const knownPriority = (value: string) => (has(PRIORITY_LABELS, value) ? value : null);

export const STATUS_OPTIONS = REPORT_STATUSES.map((value) => ({ value, label: STATUS_LABELS[value] }));
export const PRIORITY_OPTIONS = REPORT_PRIORITIES.map((value) => ({ value, label: PRIORITY_LABELS[value] }));

export const STATUS_FILTER = [{ value: 'all', label: 'Tutti' }, ...STATUS_OPTIONS] as const;
export const PRIORITY_FILTER = [{ value: 'all', label: 'Tutte' }, ...PRIORITY_OPTIONS] as const;
export const TYPE_FILTER = [
  { value: 'all', label: 'Tutti' },
  ...REPORT_TYPES.map((value) => ({ value, label: TYPE_LABELS[value] })),
] as const;

/** '1 segnalazione aggiornata', '3 segnalazioni aggiornate'. */
export const reportsCount = (count: number, participle?: { one: string; many: string }) =>
  count === 1
    ? `1 segnalazione${participle ? ` ${participle.one}` : ''}`
    : `${count} segnalazioni${participle ? ` ${participle.many}` : ''}`;
