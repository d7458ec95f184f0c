import { Divider, Group, Stack, Switch, Text } from '@mantine/core';
import {
  ALERT_KIND_HINTS,
  ALERT_KIND_LABELS,
  ALERT_KINDS,
  type AlertChannels,
  type AlertKind,
  type SetAlertSettings,
  setAlertSettingsInput,
} from '../../../rpc/schemas/alerts.ts';
import { type RouterOutputs, trpc } from '../../shared/api/trpc.ts';
import { QuietHoursField } from './quiet-hours-field.tsx';

type Settings = RouterOutputs['alerts']['settings'];

/** What the screen shows at once for a change, before the server's answer. */
function withChanges(old: Settings, input: SetAlertSettings): Settings {
  const { quietHours, ...kinds } = input;
  const settings = { ...old.settings };
  for (const kind of ALERT_KINDS) settings[kind] = { ...settings[kind], ...kinds[kind] };
  return { ...old, settings, quietHours: quietHours === undefined ? old.quietHours : quietHours };
}

function devicesLine(count: number): string {
  if (count === 0) return 'Nessun dispositivo riceve ancora le notifiche push: attivale qui sopra.';
  return count === 1
    ? 'Le notifiche push arrivano su 1 dispositivo.'
    : `Le notifiche push arrivano su ${count} dispositivi.`;
}

/**
 * Every kind of alert with its two switches, push (every device whose notifications are on) and e-mail
 * (only to a verified address), each saved as it is flipped.
 */
export function AlertKinds() {
  const utils = trpc.useUtils();
  const settings = trpc.alerts.settings.useQuery();
  const save = trpc.alerts.setSettings.useMutation({
    // The flip shows at once; a failed save puts back what the server has.
    onMutate: async (input) => {
      await utils.alerts.settings.cancel();
      const before = utils.alerts.settings.getData();
      utils.alerts.settings.setData(undefined, (old) => (old ? withChanges(old, input) : old));
      return { before };
    },
    onError: (_error, _input, context) => utils.alerts.settings.setData(undefined, context?.before),
    onSuccess: (saved) => utils.alerts.settings.setData(undefined, saved),
    meta: { errorMessage: 'Errore nel salvare le notifiche' },
  });

  if (settings.isPending) return <Text size="sm">Caricamento...</Text>;
  if (!settings.data) return <Text size="sm">Impossibile caricare le notifiche</Text>;
  const { emailVerified, pushDevices } = settings.data;

  const change = (kind: AlertKind, channels: Partial<AlertChannels>) =>
    save.mutate(setAlertSettingsInput.parse({ [kind]: channels }));

  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        Scegli come ricevere ogni avviso. {devicesLine(pushDevices)}
      </Text>
      <QuietHoursField
        value={settings.data.quietHours}
        onChange={(quietHours) => save.mutate({ quietHours })}
      />
      <Divider />
      {!emailVerified && (
        <Text size="sm" c="dimmed">
          Le e-mail arrivano solo a un indirizzo verificato: aggiungilo e confermalo nella sezione «E-mail».
        </Text>
      )}
      <Stack component="ul" gap="sm" m={0} p={0} style={{ listStyle: 'none' }} aria-label="Avvisi">
        {ALERT_KINDS.map((kind, index) => {
          const channels = settings.data.settings[kind];
          const label = ALERT_KIND_LABELS[kind];
          return (
            <Stack component="li" key={kind} gap={6}>
              {index > 0 && <Divider />}
              <Stack gap={0}>
                <Text size="sm" fw={600}>
                  {label}
                </Text>
                <Text size="xs" c="dimmed">
                  {ALERT_KIND_HINTS[kind]}
                </Text>
              </Stack>
              <Group gap="xl">
                <Switch
                  label="Push"
                  aria-label={`Push: ${label}`}
                  checked={channels.push}
                  onChange={(event) => change(kind, { push: event.currentTarget.checked })}
                />
                <Switch
                  label="E-mail"
                  aria-label={`E-mail: ${label}`}
                  checked={channels.email && emailVerified}
                  disabled={!emailVerified}
                  onChange={(event) => change(kind, { email: event.currentTarget.checked })}
                />
              </Group>
              {channels.email && emailVerified && kind !== 'digest' && (
                <Switch
                  label="Riepilogo giornaliero"
                  description="Una sola e-mail alle 18 invece di una per ogni avviso"
                  aria-label={`Riepilogo giornaliero: ${label}`}
                  checked={channels.digest}
                  onChange={(event) => change(kind, { digest: event.currentTarget.checked })}
                />
              )}
            </Stack>
          );
        })}
      </Stack>
    </Stack>
  );
}
