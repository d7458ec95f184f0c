import { z } from '../zod.ts';
import { text } from './text.ts';

/** The longest address SMTP carries (RFC 5321), the `app_user.email` column's size. */
export const EMAIL_MAX = 254;
export const INVALID_EMAIL_MESSAGE = 'Indirizzo e-mail non valido';

/** An address as typed: trimmed, lower-cased; empty removes it. */
export const emailSchema = text(EMAIL_MAX, "L'indirizzo e-mail non può superare 254 caratteri", {
  trim: true,
  error: 'Indica un indirizzo e-mail',
})
  .toLowerCase()
  .refine((value) => value === '' || z.email().safeParse(value).success, INVALID_EMAIL_MESSAGE);

/** Profilo → 'E-mail': sets (or, empty, removes) the collector's address. */
export const setEmailInput = z.strictObject({ email: emailSchema });

/** A link's token (the `token` query parameter of /verifica-email and /reimposta-password). */
export const linkTokenSchema = text(100, 'Link non valido o scaduto', {
  trim: true,
  error: 'Link non valido o scaduto',
}).min(1, 'Link non valido o scaduto');

export const verifyEmailInput = z.strictObject({ token: linkTokenSchema });

/** 'Password dimenticata?': the nickname or the (verified) address of the account. */
export const passwordResetRequestInput = z.strictObject({
  login: text(EMAIL_MAX, 'Nickname o e-mail troppo lungo', {
    trim: true,
    error: 'Indica il tuo nickname o la tua e-mail',
  }).min(1, 'Indica il tuo nickname o la tua e-mail'),
});

export type SetEmailInput = z.infer<typeof setEmailInput>;
