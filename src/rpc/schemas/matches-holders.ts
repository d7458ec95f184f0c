/** 'Le mie ultime' (issue 28): who near me has a spare of each sticker I still miss. */

import { z } from '../zod.ts';
import { albumIdSchema } from './albums.ts';
import { placeFields } from './place.ts';
import { STICKER_NUMBER_MAX } from './stickers.ts';
import { text } from './text.ts';

/** An album of mine, optionally one sticker of it (its detail's 'Chi ce l'ha vicino'). */
export const nearbyHoldersInput = z.strictObject({
  albumId: albumIdSchema,
  number: text(STICKER_NUMBER_MAX, 'Numero di figurina non valido', { trim: true }).min(1).optional(),
});

/**
 * `missing`: how many stickers of the album I miss; `stickers`: the first LAST_STICKERS_MAX (matches-limits.ts) of them, each
 * with the HOLDERS_PER_STICKER nearest collectors within `radiusKm` who have a free spare, nearest first
 * (none: nobody that near has it), each with their comune and whole km (never their CAP), whether they miss
 * one of my free spares (`givesBack`) and whether they give theirs to me for nothing (`inRegalo`: their album
 * is complete, its doubles in regalo, and we are both adults or both minors; issue 49, row 5).
 */
export const nearbyHoldersOutput = z.strictObject({
  missing: z.int(),
  radiusKm: z.number(),
  stickers: z.array(
    z.strictObject({
      number: z.string(),
      name: z.string(),
      holders: z.array(
        z.strictObject({
          id: z.int(),
          nickname: z.string(),
          ...placeFields,
          givesBack: z.boolean(),
          inRegalo: z.boolean(),
        }),
      ),
    }),
  ),
});
