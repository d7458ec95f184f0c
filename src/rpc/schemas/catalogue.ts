import { STICKER_STATUSES } from '../../server/collection/sticker-status.ts';
import { z } from '../zod.ts';
import { recordId } from './record-id.ts';
import { STICKER_NUMBERS_TEXT_MAX } from './sticker-numbers.ts';
import { text } from './text.ts';

export const albumIdSchema = recordId('Album non valido');
export const stickerIdSchema = recordId('Figurina non valida');

export const STATUS_MESSAGE = 'Stato non valido: usa no, yes o double';
export const stickerStatusSchema = z.enum(STICKER_STATUSES, { error: STATUS_MESSAGE });

export const BULK_MAX = 1000;

export const albumInput = z.strictObject({ albumId: albumIdSchema });

export const setStickerStatusInput = z.strictObject({
  stickerId: stickerIdSchema,
  status: stickerStatusSchema,
});

/** Fast entry: numbers as typed (`1-20, 35, ITA 3`) or sticker ids, all set to one status at once. */
export const bulkStatusInput = z
  .strictObject({
    albumId: albumIdSchema,
    numbers: text(STICKER_NUMBERS_TEXT_MAX, 'Elenco di numeri troppo lungo').optional(),
    stickerIds: z
      .array(stickerIdSchema)
      .max(BULK_MAX, `Puoi aggiornare al massimo ${BULK_MAX} figurine alla volta`)
      .optional(),
    status: stickerStatusSchema,
  })
  .refine((input) => (input.numbers === undefined) !== (input.stickerIds === undefined), {
    message: 'Indica i numeri oppure gli id delle figurine',
  });

export type BulkStatusInput = z.infer<typeof bulkStatusInput>;
