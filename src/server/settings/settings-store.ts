import type { EntityManager } from '@mikro-orm/postgresql';
import type { SettingsInput } from '../../rpc/schemas/settings.ts';

/** The spec's defaults, as the migration writes them. */
export const DEFAULT_SETTINGS: SettingsInput = {
  maintenanceMode: 'automatico',
  logLevel: 'info',
  autoBackup: true,
};

export type StoredSettings = SettingsInput & {
  lastBackupAt: string | null;
  lastMaintenanceAt: string | null;
};

type Row = {
  maintenance_mode: SettingsInput['maintenanceMode'];
  log_level: SettingsInput['logLevel'];
  auto_backup: boolean;
  last_backup_at: Date | null;
  last_maintenance_at: Date | null;
};

/** The one row of `app_settings` (the migration creates it with the spec's defaults). */
export async function readSettings(em: EntityManager): Promise<StoredSettings> {
  const [row] = await em.execute<Row[]>('select * from app_settings where id = 1');
  if (!row) return { ...DEFAULT_SETTINGS, lastBackupAt: null, lastMaintenanceAt: null };
  return {
    maintenanceMode: row.maintenance_mode,
    logLevel: row.log_level,
    autoBackup: row.auto_backup,
    lastBackupAt: row.last_backup_at ? new Date(row.last_backup_at).toISOString() : null,
    lastMaintenanceAt: row.last_maintenance_at ? new Date(row.last_maintenance_at).toISOString() : null,
  };
}

export async function saveSettings(em: EntityManager, settings: SettingsInput): Promise<StoredSettings> {
  await em.execute(
    `insert into app_settings (id, maintenance_mode, log_level, auto_backup) values (1, ?, ?, ?)
     on conflict (id) do update set maintenance_mode = excluded.maintenance_mode,
       log_level = excluded.log_level, auto_backup = excluded.auto_backup, updated_at = now()`,
    [settings.maintenanceMode, settings.logLevel, settings.autoBackup],
  );
  return readSettings(em);
}
