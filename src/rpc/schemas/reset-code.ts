import { z } from '../zod.ts';
import { recordId } from './record-id.ts';

/** The collector an admin gives a reset code to (`POST /api/admin/users/{id}/reset-code`). */
export const issueResetCodeInput = z.strictObject({ id: recordId('Utente non valido') });

/** The code, answered this once (only its hash is kept), and when it stops working (ISO 8601). */
export const resetCodeOutput = z.strictObject({ code: z.string(), expiresAt: z.string() });

export type ResetCode = z.infer<typeof resetCodeOutput>;
