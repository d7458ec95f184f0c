import { TRPCClientError } from '@trpc/client';
import { errorMessage, httpStatus } from '../../shared/api/error-message.ts';

const SEND_FAILED_MESSAGE = "Errore nell'invio del messaggio";

/**
 * The toast text for a failed send. A refusal (4xx) carries the server's reason: too many messages,
 * the other user deactivated, too long. A server crash or an answer that is not the API's (a proxy's
 * error page) says nothing useful, so the spec's own text; a lost connection says so.
 */
export function sendFailureText(error: unknown): string {
  const status = httpStatus(error);
  if (status !== undefined)
    return status < 500 ? errorMessage(error, SEND_FAILED_MESSAGE) : SEND_FAILED_MESSAGE;
  // fetch() itself failing (no network) is a TypeError; a garbled answer is not.
  const offline = error instanceof TRPCClientError && error.cause instanceof TypeError;
  return offline ? errorMessage(error, SEND_FAILED_MESSAGE) : SEND_FAILED_MESSAGE;
}
