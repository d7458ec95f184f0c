import { z } from '../zod.ts';
import { recordId } from './record-id.ts';

/** The collector to block or unblock (REST: `/api/users/:id/block`). */
export const blockInput = z.strictObject({ userId: recordId('Utente non valido') });

/** Whom I blocked, the latest first. */
export const blocksOutput = z.array(
  z.strictObject({ id: z.int(), nickname: z.string(), blockedAt: z.string() }),
);
