import type { EntityManager } from '@mikro-orm/postgresql';
import type { FastifyBaseLogger } from 'fastify';
import type { BackupsInfo, LoggerLevel, SettingsInput } from '../../rpc/schemas/settings.ts';
import type { Env } from '../env.ts';
import { readSettings, saveSettings } from './settings-store.ts';

type Logging = { env: Env; log: FastifyBaseLogger; backups: BackupsInfo };

// pino types `level` as any string (custom levels); ours is always LOG_LEVEL or a saved setting, and the
// procedures' output schema checks that at run time.
const levelOf = (log: Logging['log']) => log.level as LoggerLevel;

/** The settings, with the log level this instance uses now (LOG_LEVEL, when set, wins over the setting). */
export async function settingsWithLogLevel(em: EntityManager, { log, backups }: Logging) {
  return { ...(await readSettings(em)), effectiveLogLevel: levelOf(log), backups };
}

/** Saves the settings and applies the log level on this instance at once; the others at their next scheduler tick (within a minute). */
export async function saveAndApplySettings(
  em: EntityManager,
  settings: SettingsInput,
  { env, log, backups }: Logging,
) {
  const saved = await saveSettings(em, settings);
  if (!env.LOG_LEVEL) log.level = saved.logLevel;
  return { ...saved, effectiveLogLevel: levelOf(log), backups };
}
