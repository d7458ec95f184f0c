import { z } from '../zod.ts';

/** Profilo's 'Dispositivi': the collector's live sessions, each by its public key, never by its id. */
export const userSessionsOutput = z.strictObject({
  sessions: z.array(
    z.strictObject({
      key: z.string(),
      device: z.string(),
      startedAt: z.string(),
      lastUsedAt: z.string(),
      current: z.boolean(),
    }),
  ),
});

/** The /privacy page's one configured fact: whom to write to (PRIVACY_CONTACT), or null when unset. */
export const privacyInfoOutput = z.strictObject({ contact: z.string().nullable() });
