import { z } from '../zod.ts';
import { recordId } from './record-id.ts';
import { ageBandSchema, birthDateFields, nicknameSchema, refuseFutureBirth } from './users.ts';

/** At most this many child profiles per parent (issue 45, row 2). */
export const CHILD_PROFILES_MAX = 6;

export const PARENTAL_DECLARATION_MESSAGE =
  'Dichiara di avere la responsabilità genitoriale su questo minore';

/**
 * 'Aggiungi un profilo': the child's nickname and birth month and year, and the parent's declaration that
 * they hold parental responsibility (decision 048).
 */
export const addChildInput = z
  .strictObject({
    nickname: nicknameSchema,
    ...birthDateFields,
    parentalResponsibility: z.literal(true, { error: PARENTAL_DECLARATION_MESSAGE }),
  })
  .superRefine(refuseFutureBirth);

export const childOutput = z.strictObject({
  id: z.number().int(),
  nickname: z.string(),
  ageBand: ageBandSchema,
  /** The child's band rose on a birthday since the profile was last told (its Home says what changes). */
  ageBandRose: z.strictObject({ from: ageBandSchema, to: ageBandSchema }).nullable(),
});

export const childrenOutput = z.array(childOutput);

export const childIdInput = z.strictObject({ id: recordId('Profilo non valido') });

/** 'Usa questo profilo': a child profile of mine, or my own id to switch back. */
export const switchProfileInput = z.strictObject({ profileId: recordId('Profilo non valido') });

export type AddChildInput = z.infer<typeof addChildInput>;
export type Child = z.infer<typeof childOutput>;
