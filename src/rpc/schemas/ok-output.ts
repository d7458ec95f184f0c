import { z } from '../zod.ts';

/** The answer of a mutation that has nothing to report but its success. */
export const okOutput = z.strictObject({ ok: z.literal(true) });
