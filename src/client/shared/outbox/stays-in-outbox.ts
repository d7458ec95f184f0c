import { TRPCClientError } from '@trpc/client';
import { httpStatus } from '../../../shared/api/error-message.ts';

/** What our server answers when the procedure itself refuses that tap: it will never be taken. */
const REFUSALS = new Set([400, 403, 404, 409, 422]);

/**
 * Whether a tap whose sending failed stays in the outbox (sent again later) or is dropped. Only the
 * procedure's own refusal of that tap drops it (an unknown sticker, an album no longer allowed): the
 * sticker shows the server's status again and a toast says why. Everything else keeps it: no answer at
 * all, a lost session (it goes after the next login), a timeout, 'too many requests', a server error, and
 * any answer our procedures did not shape (a proxy's HTML page, a refused URL or batch).
 */
export function keepsTap(error: unknown): boolean {
  if (!(error instanceof TRPCClientError) || error.shape === undefined) return true;
  const status = httpStatus(error);
  return status === undefined || !REFUSALS.has(status);
}
