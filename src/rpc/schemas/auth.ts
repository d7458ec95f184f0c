import { z } from '../zod.ts';
import { recordId } from './record-id.ts';
import { SESSION_KEY_PATTERN } from './session-key-rule.ts';
import { text } from './text.ts';
import {
  birthDateFields,
  capSchema,
  comuneSchema,
  meOutput,
  nicknameSchema,
  raggioKmSchema,
  refuseFutureBirth,
} from './users.ts';
import { PASSWORD_MAX, PASSWORD_MIN, RADIUS_KM } from './users-limits.ts';

/** Sign-up: the birth month and year first (issue 45), then the spec's fields. */
export const registerInput = z
  .strictObject({
    ...birthDateFields,
    nickname: nicknameSchema,
    password: text(PASSWORD_MAX, 'La password non può superare 128 caratteri')
      .min(1, 'La password è obbligatoria')
      .min(PASSWORD_MIN, 'La password deve essere di almeno 6 caratteri'),
    cap: capSchema,
    comune: comuneSchema.optional(),
    raggioKm: raggioKmSchema.default(RADIUS_KM.default),
  })
  .superRefine(refuseFutureBirth);

export const loginInput = z.strictObject({
  nickname: text(64, 'Nickname non valido', { trim: true })
    .toUpperCase()
    .min(1, 'Il nickname è obbligatorio'),
  password: text(PASSWORD_MAX, 'Password non valida').min(1, 'La password è obbligatoria'),
});

/** A session's public name (session-key-rule.ts): it ends that session and opens nothing. */
export const sessionKeySchema = text(43, 'Sessione non valida').regex(
  SESSION_KEY_PATTERN,
  'Sessione non valida',
);

/**
 * Who is here, for the client's guards, with the key that lets a logout made offline end this session
 * later, whatever cookie the browser holds by then. Optional in the type only: screens that save the
 * profile put the `me` they get back in its place.
 */
export const sessionOutput = meOutput.extend({ sessionKey: sessionKeySchema.optional() }).nullable();

/**
 * A logout made offline and sent later names the session it ends (`session`); without it, the cookie's
 * session. No body, or `{}`, is the plain logout.
 */
export const logoutInput = z
  .strictObject({
    session: z
      .strictObject({ userId: recordId('Utente non valido'), sessionKey: sessionKeySchema })
      .optional(),
  })
  .optional();

export type RegisterInput = z.infer<typeof registerInput>;
export type LoginInput = z.infer<typeof loginInput>;
