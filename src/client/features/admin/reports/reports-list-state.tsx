import { Card, Group, Loader, Stack, Text } from '@mantine/core';
import { IconFlag } from '@tabler/icons-react';

/** What the reports section shows instead of the table: loading, or nothing matching. */
export function ReportsListState({ loading, filtered }: { loading: boolean; filtered: boolean }) {
  if (loading) {
    return (
      <Group justify="center" gap="sm" py="xl" role="status">
        <Loader size="sm" />
        <Text c="dimmed">Caricamento segnalazioni...</Text>
      </Group>
    );
  }
  return (
    <Card withBorder padding="xl" radius="md">
      <Stack align="center" gap="xs">
        <IconFlag size={40} stroke={1.5} color="var(--mantine-color-dimmed)" aria-hidden />
        <Text fw={600}>Nessuna segnalazione</Text>
        <Text c="dimmed" size="sm">
          {filtered
            ? 'Nessuna segnalazione corrisponde ai filtri scelti.'
            : "Le segnalazioni degli utenti e gli errori dell'app compariranno qui."}
        </Text>
      </Stack>
    </Card>
  );
}
