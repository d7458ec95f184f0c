/** The admin's paste import (spec §5): one sticker per line, `number - name`. */

export const IMPORT_SEPARATOR = ' - ';
export const IMPORT_LINES_MAX = 5000;
export const STICKER_NUMBER_MAX = 20;
export const STICKER_NAME_MAX = 200;

export type ImportedSticker = { number: string; name: string; team: null };

/**
 * Every non-blank line must contain ' - ': the text before the first one is the number, the rest the
 * name. Lines without it, with an empty number, or with a number or name too long for the catalogue are
 * dropped, as are repeats of a number already read (the first one wins).
 */
export function parseStickerImport(text: string): ImportedSticker[] {
  const stickers = new Map<string, ImportedSticker>();
  for (const line of text.split(/\r?\n/)) {
    const at = line.indexOf(IMPORT_SEPARATOR);
    if (at < 0) continue;
    const number = line.slice(0, at).trim().replace(/\s+/g, ' ');
    const name = line.slice(at + IMPORT_SEPARATOR.length).trim();
    if (!number || number.length > STICKER_NUMBER_MAX || name.length > STICKER_NAME_MAX) continue;
    if (!stickers.has(number.toUpperCase())) stickers.set(number.toUpperCase(), { number, name, team: null });
  }
  return [...stickers.values()];
}

/** The export file: one `number - description` line per sticker (spec §5). */
export function formatStickerExport(
  stickers: { number: string; name: string; description: string | null }[],
) {
  return stickers
    .map((sticker) => `${sticker.number}${IMPORT_SEPARATOR}${sticker.description || sticker.name}`)
    .join('\n');
}
