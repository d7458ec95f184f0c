import { z } from '../zod.ts';

/**
 * A database id (a positive `int`), with the Italian message for anything else. Ids arrive as path
 * parameters (text) through REST and as numbers through tRPC, hence the coercion.
 */
export const recordId = (message: string) =>
  z.coerce.number({ error: message }).int(message).positive(message).max(2_147_483_647, message);
