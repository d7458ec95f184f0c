import { INVALID_RESET_MESSAGE } from '../../../../rpc/schemas/password-reset-confirm.ts';
import type { FieldOfRefusal } from '../../../shared/forms/server-refusals.ts';

/** A bad, used or expired secret and too many tries are about the code; a password rule, the password. */
export const resetFieldOf =
  <F extends string>(secretField: F, passwordField: F): FieldOfRefusal<F> =>
  (message, status) => {
    if (message === INVALID_RESET_MESSAGE || status === 429) return secretField;
    if (status === 400 && message.includes('password')) return passwordField;
    return undefined;
  };
