import type { ReportUserCategory } from '../../rpc/schemas/reports.ts';

/** The reasons about a minor or about personal contacts: urgent whatever their words. */
const URGENT_CATEGORIES: ReadonlySet<ReportUserCategory> = new Set([
  'adulto_minore',
  'verso_minore',
  'contatti_personali',
]);

/**
 * What makes a collector's report urgent (issue 48, row 8): a phone number, an address, a meeting away
 * from a Punto Scambio, or a minor, in what the reporter wrote or in the reported message and the ones
 * before it. A proposal for the admin, who may lower it; a word list, not a judgement.
 */
const URGENT_WORDS: readonly RegExp[] = [
  // A phone number: 9 or more digits, spaces, dots or dashes between them, a +39 or not.
  /(?:\+\s?\d{2}[\s.-]?)?(?:\d[\s.-]?){8,}\d/,
  /\b(?:cell(?:ulare)?|telefono|numero di tel|whats ?app|telegram|instagram|snapchat|tiktok)\b/i,
  // An address.
  /\b(?:via|viale|piazza|piazzale|corso|vicolo|largo)\s+[A-Za-zÀ-ÿ'’.]+(?:\s+[A-Za-zÀ-ÿ'’.]+)*\s*,?\s*\d+/i,
  /\b(?:dove abiti|dove vivi|indirizzo|casa (?:mia|tua)|a casa)\b/i,
  // A meeting.
  /\b(?:ci vediamo|vediamoci|incontriamoci|ci incontriamo|appuntamento|ti vengo a prendere|vieni (?:da me|a casa))\b/i,
  // A minor.
  /\b(?:minorenne|minore|bambin[oaie]|ragazzin[oaie]|scuola media|(?:ho|hai|ha)\s+1[0-7]\s+anni|1[0-7]\s+anni)\b/i,
];

export function isUrgentReport(report: {
  category?: ReportUserCategory | undefined;
  texts: readonly string[];
}): boolean {
  if (report.category && URGENT_CATEGORIES.has(report.category)) return true;
  return report.texts.some((text) => URGENT_WORDS.some((word) => word.test(text)));
}
