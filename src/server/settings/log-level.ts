import type { EntityManager } from '@mikro-orm/postgresql';
import type { SettingsInput } from '../../rpc/schemas/settings.ts';
import type { Services } from '../services.ts';
import { readSettings, saveSettings } from './settings-store.ts';

type Logging = Pick<Services, 'env' | 'log'>;

/** The settings, with the log level this instance uses now (LOG_LEVEL, when set, wins over the setting). */
export async function settingsWithLogLevel(em: EntityManager, { log }: Logging) {
  return { ...(await readSettings(em)), effectiveLogLevel: log.level };
}

/** Saves the settings and applies the log level on this instance at once; the others at their next scheduler tick (within a minute). */
export async function saveAndApplySettings(
  em: EntityManager,
  settings: SettingsInput,
  { env, log }: Logging,
) {
  const saved = await saveSettings(em, settings);
  if (!env.LOG_LEVEL) log.level = saved.logLevel;
  return { ...saved, effectiveLogLevel: log.level };
}
