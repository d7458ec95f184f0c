import { z } from '../zod.ts';
import { text } from './text.ts';
import { PASSWORD_MAX } from './users-limits.ts';

export const PASSWORD_REQUIRED_MESSAGE = 'La password è obbligatoria';

/** 'Elimina account': the collector's password, checked (and throttled) like a password change's. */
export const deleteAccountInput = z.strictObject({
  password: text(PASSWORD_MAX, 'Password non valida', { error: PASSWORD_REQUIRED_MESSAGE }).min(
    1,
    PASSWORD_REQUIRED_MESSAGE,
  ),
});
export type DeleteAccountInput = z.infer<typeof deleteAccountInput>;

/** How a deleted collector is named wherever others still see their part (chats, swaps, ratings, reports). */
export const DELETED_USER_NICKNAME = 'Utente eliminato';
