import { toastError } from '../ui/toast.ts';
import { errorMessage } from './error-message.ts';

/**
 * What a mutation says when it fails, as data on its `meta`: the MutationCache shows the toast, so no
 * screen writes its own. `errorMessage` is the spec's fallback for when the server gives no Italian
 * message; `errorText` is for the few toasts that frame or replace that message.
 */
export type MutationErrorMeta = {
  errorMessage?: string;
  errorText?: (error: unknown) => string;
  errorTitle?: string;
};

declare module '@tanstack/react-query' {
  interface Register {
    mutationMeta: MutationErrorMeta;
  }
}

/** A mutation without either text shows nothing: its screen shows the failure in place. */
export function toastMutationError(error: unknown, meta: MutationErrorMeta | undefined) {
  const text = meta?.errorText?.(error) ?? (meta?.errorMessage && errorMessage(error, meta.errorMessage));
  if (text) toastError(text, meta?.errorTitle);
}
