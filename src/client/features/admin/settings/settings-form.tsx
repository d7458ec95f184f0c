import { Button, Card, Group, Select, Stack } from '@mantine/core';
import { IconDeviceFloppy } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import type { SettingsInput } from '../../../../rpc/schemas/settings.ts';
import { type RouterOutputs, trpc } from '../../../shared/api/trpc.ts';
import { formatDateTime } from '../../../shared/format/dates.ts';
import { toastSuccess } from '../../../shared/ui/toast.ts';
import { RunMaintenanceButton } from './run-maintenance-button.tsx';
import {
  BACKUP_OPTIONS,
  BACKUPS_EXTERNAL,
  backupsExplained,
  LOG_LEVEL_OPTIONS,
  MAINTENANCE_EXPLAINED,
  MAINTENANCE_OPTIONS,
} from './setting-options.ts';

type SavedSettings = RouterOutputs['settings']['get'];

// The explanation reads after the field, where the eye lands once a value is picked.
const DESCRIPTION_BELOW = ['label', 'input', 'description', 'error'] as const;
const lastRun = (iso: string | null) => (iso ? formatDateTime(iso) : 'Mai');

/** A description in two lines: what the setting does, then its current state. */
function Lines({ first, second }: { first: ReactNode; second: ReactNode }) {
  return (
    <>
      <span style={{ display: 'block' }}>{first}</span>
      <span style={{ display: 'block' }}>{second}</span>
    </>
  );
}

/** The three settings, edited locally from what the server has saved and sent back only on 'Salva'. */
export function SettingsForm({ saved }: { saved: SavedSettings }) {
  const [values, setValues] = useState<SettingsInput>(() => ({
    maintenanceMode: saved.maintenanceMode,
    logLevel: saved.logLevel,
    autoBackup: saved.autoBackup,
  }));
  const change = (next: Partial<SettingsInput>) => setValues((current) => ({ ...current, ...next }));
  const utils = trpc.useUtils();
  const save = trpc.settings.save.useMutation({
    onSuccess: (next) => {
      utils.settings.get.setData(undefined, next);
      toastSuccess('Impostazioni salvate', 'La configurazione del sistema è stata aggiornata');
    },
    meta: { errorMessage: 'Errore nel salvare le impostazioni' },
  });

  return (
    <Stack gap="lg">
      <Card withBorder radius="md" padding="lg">
        <Stack gap="xl">
          <Stack gap="xs" align="flex-start">
            <Select
              w="100%"
              label="Manutenzione dati"
              data={MAINTENANCE_OPTIONS}
              value={values.maintenanceMode}
              onChange={(value) => value && change({ maintenanceMode: value })}
              allowDeselect={false}
              inputWrapperOrder={[...DESCRIPTION_BELOW]}
              description={
                <Lines
                  first={MAINTENANCE_EXPLAINED[values.maintenanceMode]}
                  second={`Ultima pulizia: ${lastRun(saved.lastMaintenanceAt)}`}
                />
              }
            />
            {saved.maintenanceMode === 'manuale' && <RunMaintenanceButton />}
          </Stack>
          <Select
            label="Livello di log"
            data={LOG_LEVEL_OPTIONS}
            value={values.logLevel}
            onChange={(value) => value && change({ logLevel: value })}
            allowDeselect={false}
            inputWrapperOrder={[...DESCRIPTION_BELOW]}
            description={
              <Lines
                first="Quanto dettaglio scrive il server nel suo log: debug è il più ricco, error il più essenziale."
                second={`Livello in uso ora: ${saved.effectiveLogLevel}`}
              />
            }
          />
          <Select
            label="Backup automatici"
            data={BACKUP_OPTIONS}
            value={values.autoBackup}
            onChange={(value) => value !== null && change({ autoBackup: value })}
            allowDeselect={false}
            // With an external database the app takes no backups: its platform does.
            disabled={saved.backups.kind === 'external'}
            inputWrapperOrder={[...DESCRIPTION_BELOW]}
            description={
              saved.backups.kind === 'external' ? (
                <Lines
                  first={BACKUPS_EXTERNAL}
                  second="Il ripristino si fa dalla piattaforma del database."
                />
              ) : (
                <Lines
                  first={backupsExplained(saved.backups)}
                  second={`Ultimo backup: ${lastRun(saved.lastBackupAt)}`}
                />
              )
            }
          />
        </Stack>
      </Card>
      <Group>
        <Button
          leftSection={<IconDeviceFloppy size={18} aria-hidden />}
          disabled={save.isPending}
          onClick={() => save.mutate(values)}
        >
          {save.isPending ? 'Salvataggio...' : 'Salva Impostazioni'}
        </Button>
      </Group>
    </Stack>
  );
}
