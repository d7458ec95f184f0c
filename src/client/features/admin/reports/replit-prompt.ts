import type { AdminReport } from './admin-report.ts';
import { prettyErrorDetails } from './error-text.ts';
import { priorityLabel, statusLabel, typeLabel } from './report-labels.ts';

export const PROMPT_NEEDS_SELECTION = 'Seleziona almeno una segnalazione per creare il prompt';

type PromptReport = Pick<
  AdminReport,
  | 'id'
  | 'type'
  | 'description'
  | 'page'
  | 'url'
  | 'error_details'
  | 'username'
  | 'user_agent'
  | 'status'
  | 'priority'
  | 'created_at'
>;

const INTRO = [
  'Sto sviluppando l\'app web "Scambio Figurine" (React, Mantine, tRPC, PostgreSQL).',
  "Ecco alcune segnalazioni arrivate dagli utenti o dagli errori automatici dell'app.",
  'Per ognuna individua la causa più probabile e proponi una correzione con le modifiche al codice.',
  'Se più segnalazioni hanno la stessa causa, trattale insieme.',
].join('\n');

function section(report: PromptReport, index: number, count: number): string {
  const lines = [
    `## Segnalazione ${index + 1} di ${count} (#${report.id})`,
    `- Tipo: ${typeLabel(report.type)} (${report.type})`,
    `- Stato: ${statusLabel(report.status)}`,
    `- Priorità: ${priorityLabel(report.priority)}`,
    `- Data: ${report.created_at}`,
    `- Pagina: ${report.page ?? 'non indicata'}`,
    `- URL: ${report.url ?? 'non indicato'}`,
    `- Utente: ${report.username ?? 'Anonimo'}`,
    `- Browser: ${report.user_agent ?? 'non indicato'}`,
    '',
    'Descrizione:',
    // The original words, not the screen's translation: they are what a search through the code finds.
    report.description,
  ];
  if (report.error_details)
    lines.push('', 'Dettagli errore:', '```', prettyErrorDetails(report.error_details), '```');
  return lines.join('\n');
}

/** The debugging prompt for 'Testo per Replit': every field of each selected report, in order. */
export function buildReplitPrompt(reports: readonly PromptReport[]): string {
  return [INTRO, ...reports.map((report, index) => section(report, index, reports.length))].join('\n\n');
}
