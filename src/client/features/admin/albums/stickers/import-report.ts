import type { UnreadableLine } from '../../../../../rpc/schemas/sticker-import.ts';

/** What one import did, for the report under the paste box: the server's answer and the lines left out. */
export type ImportReport = {
  added: number;
  renamed: { number: string; from: string; to: string }[];
  /** Kept their name, got another kind or section (a `[speciale]`, a `# Sezione`). */
  reclassified: number;
  unchanged: number;
  unreadable: UnreadableLine[];
};

const plural = (count: number, one: string, many: string) => (count === 1 ? `1 ${one}` : `${count} ${many}`);

export const addedText = (count: number) => plural(count, 'figurina aggiunta', 'figurine aggiunte');
export const renamedText = (count: number) => plural(count, 'figurina rinominata', 'figurine rinominate');
export const reclassifiedText = (count: number) =>
  plural(count, 'figurina con tipo o sezione cambiati', 'figurine con tipo o sezione cambiati');
export const unchangedText = (count: number) =>
  plural(count, 'figurina già presente, senza modifiche', 'figurine già presenti, senza modifiche');
export const unreadableText = (count: number) => plural(count, 'riga non letta', 'righe non lette');

/** 'Figurine importate' / '{n} figurine aggiunte' (spec §8), and what else it did. */
export function importToastMessage(report: ImportReport) {
  const parts = [addedText(report.added)];
  if (report.renamed.length > 0) parts.push(plural(report.renamed.length, 'rinominata', 'rinominate'));
  if (report.reclassified > 0) parts.push(`${report.reclassified} con tipo o sezione cambiati`);
  if (report.unreadable.length > 0) parts.push(unreadableText(report.unreadable.length));
  return parts.join(', ');
}

/** The error toast when no line could be read (nothing is sent). */
export const nothingImportedMessage = (unreadable: number) =>
  `${unreadableText(unreadable)}: ${unreadable === 1 ? 'correggila' : 'correggile'} e riprova`;

/** One rename as the report lists it: the number, its old name (or that it had none) and the new one. */
export const renameText = ({ number, from, to }: ImportReport['renamed'][number]) =>
  `${number}: ${from === '' ? '(senza nome)' : from} → ${to}`;

/** What goes back into the paste box after an import: only the lines to correct, as they were pasted. */
export const linesToCorrect = (report: ImportReport) => report.unreadable.map((line) => line.text).join('\n');
