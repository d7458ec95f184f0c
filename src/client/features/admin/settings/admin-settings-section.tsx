import { Card, Skeleton, Stack, Text, Title } from '@mantine/core';
import { trpc } from '../../../shared/api/trpc.ts';
import { LoadFailure } from '../../../shared/ui/load-failure.tsx';
import { SettingsForm } from './settings-form.tsx';

/** /admin/impostazioni: the system settings, as the server has them. */
export function AdminSettingsSection() {
  const settings = trpc.settings.get.useQuery();
  return (
    <Stack gap="lg" maw={640}>
      <div>
        <Title order={2}>Impostazioni</Title>
        <Text c="dimmed">Configurazione Sistema</Text>
      </div>
      {settings.isError ? (
        <LoadFailure
          message="Errore nel caricamento delle impostazioni"
          onRetry={() => settings.refetch()}
          retrying={settings.isFetching}
        />
      ) : settings.data ? (
        <SettingsForm saved={settings.data} />
      ) : (
        <Card withBorder radius="md" padding="lg" aria-busy>
          <Stack gap="lg">
            <Skeleton height={60} />
            <Skeleton height={60} />
            <Skeleton height={60} />
          </Stack>
        </Card>
      )}
    </Stack>
  );
}
