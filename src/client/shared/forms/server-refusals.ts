import {
  NICKNAME_TAKEN_MESSAGE,
  SHARED_CAP_MESSAGE,
  UNKNOWN_CAP_MESSAGE,
  WRONG_COMUNE_MESSAGE,
} from '../../../rpc/schemas/users-messages.ts';
import { errorMessage, httpStatus } from '../api/error-message.ts';
import type { MutationErrorMeta } from '../api/mutation-error-toast.ts';

/** The field a refusal of the server is about, from its Italian message and status; undefined: none. */
export type FieldOfRefusal<F extends string> = (message: string, status: number) => F | undefined;

/**
 * A mutation's options that put the server's refusals about a field under that field, and leave the
 * rest (no connection, a server error, a refusal about no field) to the usual 'Errore' toast.
 */
export function refusalsUnderFields<F extends string>(
  fieldOf: FieldOfRefusal<F>,
  fallback: string,
  showError: (field: F, message: string) => void,
) {
  const place = (error: unknown) => {
    const status = httpStatus(error);
    const message = errorMessage(error, '');
    if (status === undefined || status >= 500 || !message) return undefined;
    return { field: fieldOf(message, status), message };
  };
  return {
    onError: (error: unknown) => {
      const placed = place(error);
      if (placed?.field) showError(placed.field, placed.message);
    },
    meta: {
      errorText: (error: unknown) => (place(error)?.field ? '' : errorMessage(error, fallback)),
    } satisfies MutationErrorMeta,
  };
}

/** Refusals of a nickname or a CAP only the server can make (registration and profile alike). */
export const collectorFieldOf: FieldOfRefusal<'nickname' | 'cap'> = (message) => {
  if (message === NICKNAME_TAKEN_MESSAGE) return 'nickname';
  if ([UNKNOWN_CAP_MESSAGE, SHARED_CAP_MESSAGE, WRONG_COMUNE_MESSAGE].includes(message)) return 'cap';
  return undefined;
};
