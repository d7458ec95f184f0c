/**
 * The admin's paste format (spec §5, issue 49): one `number - name` line per sticker, ending in
 * `[speciale]` or `[extra]` for those kinds; a `# Section` line puts the lines below it in that section
 * and a bare `#` ends it. Read on import and written by 'Esporta', so an export imports unchanged.
 */

import { hasControlCharacters } from './safe-text.ts';
import { STICKER_NAME_MAX, STICKER_NUMBER_MAX, STICKER_SECTION_MAX, type StickerKind } from './stickers.ts';

export const IMPORT_SEPARATOR = ' - ';

/**
 * The first dash with a space (or the line's start or end) on each side: a hyphen, or the en or em dash a
 * word processor turns it into. `\s` takes tabs and non-breaking spaces too, as a page copied from the web
 * has them.
 */
const SEPARATOR = /(?:^|\s)[-–—](?:\s|$)/;

/** Why a line was not read, as the admin reads it in the import's report. */
export const UNREADABLE = {
  noSeparator: "manca il separatore ' - ' tra numero e nome",
  noNumber: 'manca il numero',
  noName: 'manca il nome',
  numberTooLong: `il numero supera ${STICKER_NUMBER_MAX} caratteri`,
  nameTooLong: `il nome supera ${STICKER_NAME_MAX} caratteri`,
  repeated: 'numero già presente in una riga precedente',
  controlCharacters: 'contiene caratteri non consentiti',
  sectionTooLong: `il nome della sezione supera ${STICKER_SECTION_MAX} caratteri`,
  underUnreadSection: 'sotto una sezione non letta',
} as const;

/** `[speciale]` or `[extra]` at the end of a line, any case, spaces allowed inside and around. */
const KIND_SUFFIX = /\s*\[\s*(speciale|extra)\s*\]\s*$/i;
/** `#` alone or followed by a space: a section's start (`# Calciomercato`) or end (`#`). */
const SECTION_LINE = /^\s*#(?:\s|$)/;

/**
 * A sticker as the paste states it: its kind and section always (a line with no suffix is 'base', one
 * above any `#` line has no section). The team is not in the format, so an import leaves it as it is.
 */
export type ImportedSticker = { number: string; name: string; kind: StickerKind; section: string | null };
/** A line left out, as it was pasted (so it can go back into the box), and why. */
export type UnreadableLine = { text: string; reason: string };

function readLine(pasted: string): { number: string; name: string; kind: StickerKind } | { reason: string } {
  if (hasControlCharacters(pasted)) return { reason: UNREADABLE.controlCharacters };
  const suffix = KIND_SUFFIX.exec(pasted);
  const kind = (suffix?.[1]?.toLowerCase() ?? 'base') as StickerKind;
  const line = suffix ? pasted.slice(0, suffix.index) : pasted;
  const separator = SEPARATOR.exec(line);
  if (!separator) return { reason: UNREADABLE.noSeparator };
  const number = line.slice(0, separator.index).trim().replace(/\s+/g, ' ');
  const name = line.slice(separator.index + separator[0].length).trim();
  if (!number) return { reason: UNREADABLE.noNumber };
  if (!name) return { reason: UNREADABLE.noName };
  if (number.length > STICKER_NUMBER_MAX) return { reason: UNREADABLE.numberTooLong };
  if (name.length > STICKER_NAME_MAX) return { reason: UNREADABLE.nameTooLong };
  return { number, name, kind };
}

/** A `#` line: the section's name (null for a bare `#`), or why it cannot be one. */
function readSection(line: string): { section: string | null } | { reason: string } {
  if (hasControlCharacters(line)) return { reason: UNREADABLE.controlCharacters };
  const section = line.trim().slice(1).trim().replace(/\s+/g, ' ');
  if (section.length > STICKER_SECTION_MAX) return { reason: UNREADABLE.sectionTooLong };
  return { section: section === '' ? null : section };
}

/**
 * Reads every non-blank line: the text before the first separator is the number, the rest the name (a
 * kind suffix taken off); a `#` line sets the section of the lines below. A line it cannot use (no
 * separator, no number or no name, too long, or a number met on an earlier line, compared
 * case-insensitively) is returned among the unreadable ones with its reason; so are the lines under a
 * section line it could not read, rather than landing in the section above it.
 */
export function parseStickerImport(text: string): {
  stickers: ImportedSticker[];
  unreadable: UnreadableLine[];
} {
  const stickers = new Map<string, ImportedSticker>();
  const unreadable: UnreadableLine[] = [];
  let section: string | null = null;
  let sectionUnread = false;
  for (const line of text.split(/\r?\n/)) {
    if (line.trim() === '') continue;
    if (SECTION_LINE.test(line)) {
      const read = readSection(line);
      sectionUnread = 'reason' in read;
      if ('reason' in read) unreadable.push({ text: line, reason: read.reason });
      else section = read.section;
      continue;
    }
    const read = readLine(line);
    if (sectionUnread) unreadable.push({ text: line, reason: UNREADABLE.underUnreadSection });
    else if ('reason' in read) unreadable.push({ text: line, reason: read.reason });
    else if (stickers.has(read.number.toUpperCase()))
      unreadable.push({ text: line, reason: UNREADABLE.repeated });
    else stickers.set(read.number.toUpperCase(), { ...read, section });
  }
  return { stickers: [...stickers.values()], unreadable };
}

type ExportedSticker = {
  number: string;
  name: string;
  description: string | null;
  kind: StickerKind;
  section: string | null;
};

/**
 * The export file, in the paste format: a `# Section` line where a section starts (a bare `#` where the
 * stickers leave one for none), then `number - name` with ` [speciale]` or ` [extra]` for those kinds.
 * It writes the name, as the import reads it (the description only for a sticker with no name, as the
 * table shows it), so an exported list imported again changes nothing.
 */
export function formatStickerExport(stickers: ExportedSticker[]) {
  const lines: string[] = [];
  let section: string | null = null;
  for (const sticker of stickers) {
    if (sticker.section !== section) lines.push(sticker.section === null ? '#' : `# ${sticker.section}`);
    section = sticker.section;
    const suffix = sticker.kind === 'base' ? '' : ` [${sticker.kind}]`;
    lines.push(`${sticker.number}${IMPORT_SEPARATOR}${sticker.name || sticker.description || ''}${suffix}`);
  }
  return lines.join('\n');
}
