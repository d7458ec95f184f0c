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

/**
 * What the /privacy page states from the running app rather than from text: whom to write to
 * (PRIVACY_CONTACT, null when unset) and the retention the code applies (sessions.ts, maintenance.ts,
 * swap-cleanup.ts, the backups' retention when the app makes them).
 */
export const privacyInfoOutput = z.strictObject({
  contact: z.string().nullable(),
  sessionDays: z.number().int(),
  sessionsKept: z.number().int(),
  resolvedReportsKeptDays: z.number().int(),
  endedSwapsKeptDays: z.number().int(),
  /** The daily clean-up runs by itself ('automatico'), or only when the admin starts it. */
  automaticCleanUp: z.boolean(),
  /** Days the app's own backups keep deleted data; null when the database's platform makes them. */
  backupDays: z.number().int().nullable(),
});
export type PrivacyInfo = z.infer<typeof privacyInfoOutput>;
