import {
  type BackupsInfo,
  LOG_LEVELS,
  MAINTENANCE_MODES,
  type SettingsInput,
} from '../../../../rpc/schemas/settings.ts';

type MaintenanceMode = SettingsInput['maintenanceMode'];

const MAINTENANCE_LABELS: Record<MaintenanceMode, string> = {
  automatico: 'Automatico',
  manuale: 'Manuale',
  disabilitato: 'Disabilitato',
};

/** What each maintenance mode means for the data, said under the select. */
export const MAINTENANCE_EXPLAINED: Record<MaintenanceMode, string> = {
  automatico:
    'Una volta al giorno il server elimina sessioni scadute, contatori di accesso scaduti e vecchie segnalazioni risolte.',
  manuale: 'La pulizia parte solo quando la avvii tu con «Esegui pulizia ora».',
  disabilitato: 'Nessuna pulizia: i dati scaduti restano nel database.',
};

export const MAINTENANCE_OPTIONS = MAINTENANCE_MODES.map((value) => ({
  value,
  label: MAINTENANCE_LABELS[value],
}));

// The levels are the logger's own words: an operator looks for exactly these in the logs.
export const LOG_LEVEL_OPTIONS = LOG_LEVELS.map((value) => ({ value, label: value }));

export const BACKUP_OPTIONS = [
  { value: true, label: 'Abilitati' },
  { value: false, label: 'Disabilitati' },
];

/** What the app's own backups of its embedded database do (docs/decisions/030). */
export function backupsExplained({
  retentionDays,
  archiveTimeoutSeconds,
}: Extract<BackupsInfo, { kind: 'embedded' }>) {
  const within =
    archiveTimeoutSeconds % 60 === 0
      ? archiveTimeoutSeconds === 60
        ? 'un minuto'
        : `${archiveTimeoutSeconds / 60} minuti`
      : `${archiveTimeoutSeconds} secondi`;
  return `Ogni giorno un backup completo del database, e ogni modifica archiviata entro ${within} nella cartella dei backup: si può ripristinare qualunque momento degli ultimi ${retentionDays} giorni.`;
}

export const BACKUPS_EXTERNAL =
  "Il database è esterno: i backup li fa la sua piattaforma (ripristino a un momento o pgBackRest), non l'app.";
