import { Button, Card, Stack, Text } from '@mantine/core';
import { IconMessageOff } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';

/** An unknown match or one the user does not take part in: the server does not tell the two apart. */
export function ChatNotFound() {
  return (
    <Card withBorder padding="lg" radius="md" role="alert">
      <Stack align="center" gap="sm">
        <IconMessageOff size={36} color="var(--mantine-color-gray-5)" aria-hidden />
        <Text fw={700} size="lg">
          Chat non trovata
        </Text>
        <Text c="dimmed" ta="center" size="sm">
          Questa chat non esiste o non fai parte di questo match.
        </Text>
        <Button component={Link} to="/">
          Torna alla Home
        </Button>
      </Stack>
    </Card>
  );
}
