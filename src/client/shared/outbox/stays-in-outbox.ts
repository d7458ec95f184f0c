import { TRPCClientError } from '@trpc/client';
import { httpStatus } from '../api/error-message.ts';

/** What our server answers when the procedure itself refuses that call: it will never be taken. */
const REFUSALS = new Set([400, 403, 404, 409, 422]);

/**
 * Whether what an outbox sent and failed (a tap, a table swap, a chat message) stays to be sent again
 * later, or leaves it. Only the procedure's own refusal of that item takes it out (an unknown sticker, an
 * album no longer allowed, a blocked chat): the screen says why. Everything else keeps it: no answer at
 * all, a lost session (it goes after the next login), a timeout, 'too many requests', a server error, and
 * any answer our procedures did not shape (a proxy's HTML page, a refused URL or batch).
 */
export function staysInOutbox(error: unknown): boolean {
  if (!(error instanceof TRPCClientError) || error.shape === undefined) return true;
  const status = httpStatus(error);
  return status === undefined || !REFUSALS.has(status);
}
