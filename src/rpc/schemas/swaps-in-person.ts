/** 'Scambio dal vivo': a swap made at a table, recorded afterwards by each phone (docs/decisions/035). */

import { z } from '../zod.ts';
import { albumIdSchema } from './albums.ts';
import { stickerIdSchema } from './stickers.ts';
import { IN_PERSON_FUTURE_MINUTES, IN_PERSON_PAST_DAYS, IN_PERSON_SIDE_MAX } from './swaps-limits.ts';
import { text } from './text.ts';
import { nicknameSchema } from './users.ts';

const KEY_MESSAGE = 'Codice dello scambio dal vivo non valido';
/** The swap's key, the same on both phones (derived from the two album codes' nonces). */
const inPersonKeySchema = text(32, KEY_MESSAGE, { error: KEY_MESSAGE }).regex(/^[0-9a-f]{32}$/, KEY_MESSAGE);

/** 'picker': scanned the other's album code and picked the stickers; 'shower': showed it and confirmed. */
export const IN_PERSON_ROLES = ['picker', 'shower'] as const;
export type InPersonRole = (typeof IN_PERSON_ROLES)[number];

const AT_MESSAGE = 'Data dello scambio non valida';
const FUTURE_MESSAGE = "La data dello scambio è nel futuro: controlla l'ora del telefono";
const PAST_MESSAGE = `Lo scambio è di più di ${IN_PERSON_PAST_DAYS} giorni fa: non si può più registrare`;
/** When the swap was made, in epoch seconds by the phone's clock, bounded by the server's. */
const swapTimeSchema = z
  .int({ error: AT_MESSAGE })
  .positive(AT_MESSAGE)
  .refine((at) => at <= Date.now() / 1000 + IN_PERSON_FUTURE_MINUTES * 60, FUTURE_MESSAGE)
  .refine((at) => at >= Date.now() / 1000 - IN_PERSON_PAST_DAYS * 86_400, PAST_MESSAGE);

const side = (what: string) =>
  z
    .array(stickerIdSchema, { error: `Indica le figurine che ${what}` })
    .max(IN_PERSON_SIDE_MAX, `Al massimo ${IN_PERSON_SIDE_MAX} figurine per parte`)
    .refine((ids) => new Set(ids).size === ids.length, 'Ogni figurina va indicata una volta sola');

/**
 * One phone's record of a swap made in person: `gives` what the caller handed over, `receives` what they
 * got, sticker ids of `albumId`.
 */
export const recordInPersonInput = z
  .strictObject({
    key: inPersonKeySchema,
    albumId: albumIdSchema,
    otherNickname: nicknameSchema,
    role: z.enum(IN_PERSON_ROLES, { error: 'Ruolo non valido: usa picker o shower' }),
    at: swapTimeSchema,
    gives: side('hai dato'),
    receives: side('hai ricevuto'),
  })
  .superRefine((input, ctx) => {
    if (input.gives.length + input.receives.length === 0) {
      ctx.addIssue({ code: 'custom', message: 'Indica almeno una figurina scambiata', path: ['gives'] });
    }
    const given = new Set(input.gives);
    if (input.receives.some((id) => given.has(id))) {
      ctx.addIssue({
        code: 'custom',
        message: 'Una figurina non può essere sia data sia ricevuta',
        path: ['receives'],
      });
    }
  });
export type RecordInPersonInput = z.infer<typeof recordInPersonInput>;

/**
 * The swap recorded (the same id for both phones and every retry), and `conflicts`: each sticker I gave in
 * person that an accepted online swap also has me give, with that swap and its other collector.
 */
export const recordInPersonOutput = z.strictObject({
  swapId: z.int(),
  conflicts: z.array(
    z.strictObject({
      stickerId: z.int(),
      number: z.string(),
      swapId: z.int(),
      otherNickname: z.string(),
    }),
  ),
});
export type InPersonConflict = z.infer<typeof recordInPersonOutput>['conflicts'][number];
