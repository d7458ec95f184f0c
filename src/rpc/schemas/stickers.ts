/** The stickers of an album: the admin's import (the paste format is in sticker-import.ts) and management. */

import { z } from '../zod.ts';
import { albumIdSchema } from './albums.ts';
import { recordId } from './record-id.ts';
import { text } from './text.ts';

export const stickerIdSchema = recordId('Figurina non valida');

/**
 * A sticker's kind (issue 49): 'base', 'speciale' (a foil, a metallic…, swapped like for like) or 'extra'
 * (out of the album's completion, swapped only for an extra).
 */
export const STICKER_KINDS = ['base', 'speciale', 'extra'] as const;
export type StickerKind = (typeof STICKER_KINDS)[number];
export const STICKER_KIND_LABELS: Record<StickerKind, string> = {
  base: 'Normale',
  speciale: 'Speciale',
  extra: 'Extra',
};
export const stickerKindSchema = z.enum(STICKER_KINDS, { error: 'Tipo di figurina non valido' });
export const STICKER_SECTION_MAX = 60;
export const stickerSectionSchema = text(
  STICKER_SECTION_MAX,
  `Il nome della sezione non può superare ${STICKER_SECTION_MAX} caratteri`,
  { trim: true },
);
/** A section as a write sends it: a name, or null or '' (or blanks) for none. */
const sectionInput = stickerSectionSchema
  .nullable()
  .transform((section) => (section === null || section === '' ? null : section));

export const IMPORT_LINES_MAX = 5000;
export const STICKER_NUMBER_MAX = 20;
export const STICKER_NAME_MAX = 200;

const stickerNumber = text(
  STICKER_NUMBER_MAX,
  `Il numero della figurina non può superare ${STICKER_NUMBER_MAX} caratteri`,
  { error: 'Il numero della figurina è obbligatorio', trim: true },
).min(1, 'Il numero della figurina è obbligatorio');
const stickerName = (options: { error?: string } = {}) =>
  text(STICKER_NAME_MAX, `Il nome della figurina non può superare ${STICKER_NAME_MAX} caratteri`, {
    ...options,
    trim: true,
  });

/** An imported sticker needs a name: a nameless one would show as a bare number in every album. */
const importedSticker = z
  .object({
    number: stickerNumber,
    name: stickerName({ error: 'Il nome della figurina è obbligatorio' }),
    team: text(100, 'Il nome della squadra non può superare 100 caratteri', { trim: true }).nullish(),
    /** Left out, a new sticker is 'base' and an existing one keeps its kind (the paste always says it). */
    kind: stickerKindSchema.optional(),
    section: sectionInput.optional(),
  })
  .superRefine((sticker, ctx) => {
    if (sticker.name === '') {
      ctx.addIssue({
        code: 'custom',
        path: ['name'],
        message: `La figurina ${sticker.number} non ha un nome`,
      });
    }
  });

export const importStickersInput = z.strictObject({
  albumId: albumIdSchema,
  stickers: z
    .array(importedSticker, { error: 'Indica le figurine da importare' })
    .min(1, 'Nessuna figurina da importare')
    .max(IMPORT_LINES_MAX, `Puoi importare al massimo ${IMPORT_LINES_MAX} figurine alla volta`),
});

export const updateStickerInput = z.strictObject({
  albumId: albumIdSchema,
  stickerId: stickerIdSchema,
  name: stickerName().optional(),
  description: text(500, 'La descrizione non può superare 500 caratteri', { trim: true })
    .min(1, 'La descrizione non può essere vuota')
    .optional(),
  kind: stickerKindSchema.optional(),
  section: sectionInput.optional(),
});

/** Most stickers one call may set a kind or a section for: a whole large album. */
export const CLASSIFY_STICKERS_MAX = 5000;
/** The admin's 'Tipo' and 'Sezione' for a selection of one album's stickers, in one go. */
export const classifyStickersInput = z
  .strictObject({
    albumId: albumIdSchema,
    stickerIds: z
      .array(stickerIdSchema, { error: 'Indica le figurine da modificare' })
      .min(1, 'Seleziona almeno una figurina')
      .max(CLASSIFY_STICKERS_MAX, `Puoi modificare al massimo ${CLASSIFY_STICKERS_MAX} figurine alla volta`),
    kind: stickerKindSchema.optional(),
    section: sectionInput.optional(),
  })
  .refine((input) => input.kind !== undefined || input.section !== undefined, {
    message: 'Indica il tipo o la sezione da assegnare',
  });

export const stickerRefInput = z.strictObject({ albumId: albumIdSchema, stickerId: stickerIdSchema });
export const albumStickersRefInput = z.strictObject({ albumId: albumIdSchema });

/** Most stickers one album may be put in order with: far beyond any printed album. */
export const STICKER_ORDER_MAX = 20_000;
/** The admin's order of an album's stickers: every sticker of it, once each. */
export const reorderStickersInput = z.strictObject({
  albumId: albumIdSchema,
  stickers: z
    .array(z.object({ id: stickerIdSchema }), { error: 'Indica le figurine nel nuovo ordine' })
    .max(STICKER_ORDER_MAX, 'Troppe figurine'),
});

/** One sticker of an album, as the list and the admin's edit show it. */
export const stickerOutput = z.strictObject({
  id: z.int(),
  number: z.string(),
  name: z.string(),
  team: z.string().nullable(),
  description: z.string().nullable(),
  kind: z.enum(STICKER_KINDS),
  section: z.string().nullable(),
});
export const stickersOutput = z.array(stickerOutput);
/**
 * What an import did: `created` new numbers, `updated` numbers the album had (of which `renamed` got a
 * different name, `reclassified` kept their name but got another kind or section, `unchanged` stayed
 * exactly as they were), `total` stickers in the album now.
 */
export const importStickersOutput = z.strictObject({
  created: z.int(),
  updated: z.int(),
  total: z.int(),
  renamed: z.array(z.strictObject({ number: z.string(), from: z.string(), to: z.string() })),
  reclassified: z.int(),
  unchanged: z.int(),
});
export const classifyStickersOutput = z.strictObject({ updated: z.int() });
export const clearStickersOutput = z.strictObject({ removed: z.int() });
