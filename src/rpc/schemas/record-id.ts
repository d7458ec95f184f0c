import { z } from '../zod.ts';
import { RECORD_ID_MAX } from './record-id-rule.ts';

/**
 * A database id (a positive `int`), with the Italian message for anything else. Ids arrive as path
 * parameters (text) through REST and as numbers through tRPC, hence the coercion.
 */
export const recordId = (message: string) =>
  z.coerce.number({ error: message }).int(message).positive(message).max(RECORD_ID_MAX, message);
