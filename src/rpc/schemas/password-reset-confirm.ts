import { z } from '../zod.ts';
import { text } from './text.ts';
import { newPasswordSchema } from './users.ts';

/** The one answer to a bad, used or expired link or code, and to an unknown nickname: nothing is revealed. */
export const INVALID_RESET_MESSAGE = 'Link o codice non valido o scaduto';

/** An admin's reset code as typed: 10 letters and digits, spaces around and case forgiven. */
export const resetCodeSchema = text(32, INVALID_RESET_MESSAGE, { trim: true })
  .toUpperCase()
  .min(1, 'Il codice è obbligatorio');

/**
 * A new password, with either the token of a reset link (`token`) or an admin's code and the account's
 * nickname (`nickname`, `code`): one of the two, never both.
 */
export const confirmPasswordResetInput = z
  .strictObject({
    token: text(128, INVALID_RESET_MESSAGE, { trim: true }).min(1, INVALID_RESET_MESSAGE).optional(),
    nickname: text(64, 'Nickname non valido', { trim: true })
      .toUpperCase()
      .min(1, 'Il nickname è obbligatorio')
      .optional(),
    code: resetCodeSchema.optional(),
    password: newPasswordSchema,
  })
  .superRefine((input, ctx) => {
    const byCode = input.nickname !== undefined || input.code !== undefined;
    if (input.token !== undefined && byCode) {
      ctx.addIssue({ code: 'custom', message: 'Usa il link oppure il codice, non entrambi' });
    } else if (input.token === undefined && !byCode) {
      ctx.addIssue({ code: 'custom', message: INVALID_RESET_MESSAGE });
    } else if (byCode && input.nickname === undefined) {
      ctx.addIssue({ code: 'custom', path: ['nickname'], message: 'Il nickname è obbligatorio' });
    } else if (byCode && input.code === undefined) {
      ctx.addIssue({ code: 'custom', path: ['code'], message: 'Il codice è obbligatorio' });
    }
  });

export type ConfirmPasswordResetInput = z.infer<typeof confirmPasswordResetInput>;

/** The 'Reimposta password' form of a reset link: the new password only (the token is in the address). */
export const resetByLinkForm = z.strictObject({ password: newPasswordSchema });

/** The 'Hai un codice dall'amministratore?' form: nickname, code and new password. */
export const resetByCodeForm = z.strictObject({
  nickname: text(64, 'Nickname non valido', { trim: true })
    .toUpperCase()
    .min(1, 'Il nickname è obbligatorio'),
  code: resetCodeSchema,
  password: newPasswordSchema,
});
