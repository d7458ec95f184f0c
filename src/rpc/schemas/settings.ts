import { z } from '../zod.ts';

export const MAINTENANCE_MODES = ['automatico', 'manuale', 'disabilitato'] as const;
export const LOG_LEVELS = ['debug', 'info', 'warn', 'error'] as const;

export const settingsInput = z.strictObject({
  maintenanceMode: z.enum(MAINTENANCE_MODES, { error: 'Modalità di manutenzione non valida' }),
  logLevel: z.enum(LOG_LEVELS, { error: 'Livello di log non valido' }),
  autoBackup: z.boolean({ error: 'Indica se attivare i backup automatici' }),
});

export type SettingsInput = z.infer<typeof settingsInput>;
