import { z } from '../zod.ts';

export const MAINTENANCE_MODES = ['automatico', 'manuale', 'disabilitato'] as const;
export const LOG_LEVELS = ['debug', 'info', 'warn', 'error'] as const;
/** Every level the logger accepts (env.ts's LOG_LEVEL, which wins over the saved setting, may set any). */
export const LOGGER_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

export const settingsInput = z.strictObject({
  maintenanceMode: z.enum(MAINTENANCE_MODES, { error: 'Modalità di manutenzione non valida' }),
  logLevel: z.enum(LOG_LEVELS, { error: 'Livello di log non valido' }),
  autoBackup: z.boolean({ error: 'Indica se attivare i backup automatici' }),
});

export type SettingsInput = z.infer<typeof settingsInput>;
export type LoggerLevel = (typeof LOGGER_LEVELS)[number];

/**
 * Who backs the database up (docs/decisions/030): the app, for its embedded database (a daily base
 * backup and the WAL archived continuously), or the platform of an external one.
 */
export const backupsInfo = z.discriminatedUnion('kind', [
  z.strictObject({
    kind: z.literal('embedded'),
    retentionDays: z.number().int(),
    archiveTimeoutSeconds: z.number().int(),
  }),
  z.strictObject({ kind: z.literal('external') }),
]);
export type BackupsInfo = z.infer<typeof backupsInfo>;

/** The saved settings, when they last ran, the log level this instance uses now and who makes backups. */
export const settingsOutput = z.strictObject({
  maintenanceMode: z.enum(MAINTENANCE_MODES),
  logLevel: z.enum(LOG_LEVELS),
  autoBackup: z.boolean(),
  /** ISO 8601, null until the first backup. */
  lastBackupAt: z.string().nullable(),
  /** ISO 8601, null until the first maintenance. */
  lastMaintenanceAt: z.string().nullable(),
  effectiveLogLevel: z.enum(LOGGER_LEVELS),
  backups: backupsInfo,
});

/** What the clean-up removed. */
export const maintenanceOutput = z.strictObject({
  sessionsRemoved: z.number().int(),
  throttlesRemoved: z.number().int(),
  reportsRemoved: z.number().int(),
});
