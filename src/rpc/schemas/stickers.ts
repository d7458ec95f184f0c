/** The stickers of an album: the admin's paste import (spec §5) and sticker management. */

import { z } from '../zod.ts';
import { albumIdSchema } from './albums.ts';
import { recordId } from './record-id.ts';
import { text } from './text.ts';

export const stickerIdSchema = recordId('Figurina non valida');

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

const stickerNumber = text(
  STICKER_NUMBER_MAX,
  `Il numero della figurina non può superare ${STICKER_NUMBER_MAX} caratteri`,
  { error: 'Il numero della figurina è obbligatorio', trim: true },
).min(1, 'Il numero della figurina è obbligatorio');
const stickerName = text(
  STICKER_NAME_MAX,
  `Il nome della figurina non può superare ${STICKER_NAME_MAX} caratteri`,
  { trim: true },
);

export const importStickersInput = z.strictObject({
  albumId: albumIdSchema,
  stickers: z
    .array(
      z.object({
        number: stickerNumber,
        name: stickerName.default(''),
        team: text(100, 'Il nome della squadra non può superare 100 caratteri', { trim: true }).nullish(),
      }),
      { error: 'Indica le figurine da importare' },
    )
    .min(1, 'Nessuna figurina da importare')
    .max(IMPORT_LINES_MAX, `Puoi importare al massimo ${IMPORT_LINES_MAX} figurine alla volta`),
});

export const updateStickerInput = z.strictObject({
  albumId: albumIdSchema,
  stickerId: stickerIdSchema,
  name: stickerName.optional(),
  description: text(500, 'La descrizione non può superare 500 caratteri', { trim: true })
    .min(1, 'La descrizione non può essere vuota')
    .optional(),
});

export const stickerRefInput = z.strictObject({ albumId: albumIdSchema, stickerId: stickerIdSchema });
export const albumStickersRefInput = z.strictObject({ albumId: albumIdSchema });

/** One sticker of an album, as the list and the admin's edit show it. */
export const stickerOutput = z.strictObject({
  id: z.int(),
  number: z.string(),
  name: z.string(),
  team: z.string().nullable(),
  description: z.string().nullable(),
});
export const stickersOutput = z.array(stickerOutput);
export const importStickersOutput = z.strictObject({ created: z.int(), updated: z.int(), total: z.int() });
export const clearStickersOutput = z.strictObject({ removed: z.int() });
