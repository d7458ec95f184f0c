import { Card, Stack, Text, Title } from '@mantine/core';
import { IconFlag } from '@tabler/icons-react';

/** 'Segnalazioni' until the reports issue lands: the section exists in the navigation, empty. */
export function AdminReportsSection() {
  return (
    <Stack gap="lg">
      <Title order={2}>Segnalazioni</Title>
      <Card withBorder padding="xl" radius="md">
        <Stack align="center" gap="xs">
          <IconFlag size={40} stroke={1.5} color="var(--mantine-color-dimmed)" aria-hidden />
          <Text fw={600}>Nessuna segnalazione</Text>
          <Text c="dimmed" size="sm">
            Le segnalazioni degli utenti e gli errori dell'app compariranno qui.
          </Text>
        </Stack>
      </Card>
    </Stack>
  );
}
