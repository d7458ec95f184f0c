import { Card, Group, Loader, Stack, Text } from '@mantine/core';
import { IconMoodEmpty } from '@tabler/icons-react';

/** What the users section shows instead of the table: loading, or nobody matching. */
export function UsersListState({ loading, searching }: { loading: boolean; searching: boolean }) {
  if (loading) {
    return (
      <Group justify="center" gap="sm" py="xl" role="status">
        <Loader size="sm" />
        <Text c="dimmed">Caricamento utenti...</Text>
      </Group>
    );
  }
  return (
    <Card withBorder padding="xl" radius="md">
      <Stack align="center" gap="xs">
        <IconMoodEmpty size={40} stroke={1.5} color="var(--mantine-color-dimmed)" aria-hidden />
        <Text fw={600}>Nessun utente trovato</Text>
        {searching && (
          <Text c="dimmed" size="sm">
            Prova con un altro nickname, e-mail o CAP.
          </Text>
        )}
      </Stack>
    </Card>
  );
}
