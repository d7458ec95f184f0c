/** The admin's paste format (spec §5): one `number - name` line per sticker, read and written. */

import { hasControlCharacters } from './safe-text.ts';
import { STICKER_NAME_MAX, STICKER_NUMBER_MAX } from './stickers.ts';

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
} as const;

export type ImportedSticker = { number: string; name: string; team: null };
/** A line left out, as it was pasted (so it can go back into the box), and why. */
export type UnreadableLine = { text: string; reason: string };

function readLine(line: string): { number: string; name: string } | { reason: string } {
  if (hasControlCharacters(line)) return { reason: UNREADABLE.controlCharacters };
  const separator = SEPARATOR.exec(line);
  if (!separator) return { reason: UNREADABLE.noSeparator };
  const number = line.slice(0, separator.index).trim().replace(/\s+/g, ' ');
  const name = line.slice(separator.index + separator[0].length).trim();
  if (!number) return { reason: UNREADABLE.noNumber };
  if (!name) return { reason: UNREADABLE.noName };
  if (number.length > STICKER_NUMBER_MAX) return { reason: UNREADABLE.numberTooLong };
  if (name.length > STICKER_NAME_MAX) return { reason: UNREADABLE.nameTooLong };
  return { number, name };
}

/**
 * Reads every non-blank line: the text before the first separator is the number, the rest the name.
 * A line it cannot use (no separator, no number or no name, too long, or a number met on an earlier
 * line, compared case-insensitively) is returned among the unreadable ones with its reason.
 */
export function parseStickerImport(text: string): {
  stickers: ImportedSticker[];
  unreadable: UnreadableLine[];
} {
  const stickers = new Map<string, ImportedSticker>();
  const unreadable: UnreadableLine[] = [];
  for (const line of text.split(/\r?\n/)) {
    if (line.trim() === '') continue;
    const read = readLine(line);
    if ('reason' in read) unreadable.push({ text: line, reason: read.reason });
    else if (stickers.has(read.number.toUpperCase()))
      unreadable.push({ text: line, reason: UNREADABLE.repeated });
    else stickers.set(read.number.toUpperCase(), { ...read, team: null });
  }
  return { stickers: [...stickers.values()], unreadable };
}

/** The export file: one `number - description` line per sticker, the name when it has no description. */
export function formatStickerExport(
  stickers: { number: string; name: string; description: string | null }[],
) {
  return stickers
    .map((sticker) => `${sticker.number}${IMPORT_SEPARATOR}${sticker.description || sticker.name}`)
    .join('\n');
}
