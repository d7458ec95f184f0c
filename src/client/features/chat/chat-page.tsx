import { ActionIcon, Group, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';

export function ChatPage() {
  return (
    <Stack gap="md">
      <Group gap="sm">
        <ActionIcon component={Link} to="/" variant="light" size="xl" radius="xl" aria-label="Indietro">
          <IconArrowLeft size={22} />
        </ActionIcon>
        <Title order={1} size="h3">
          Chat
        </Title>
      </Group>
      <Stack align="center" gap={4} py="xl">
        <Text fw={600}>Nessun messaggio ancora</Text>
        <Text c="dimmed">Inizia una conversazione!</Text>
      </Stack>
    </Stack>
  );
}
