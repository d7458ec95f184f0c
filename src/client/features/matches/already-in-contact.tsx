import { Button, Group, Text } from '@mantine/core';
import { IconCircleCheck, IconMessageCircle } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';

/** In place of 'Matcha!' for a collector I already have a match with: the way back into our chat. */
export function AlreadyInContact({ matchId }: { matchId: number }) {
  return (
    <Group justify="space-between" wrap="nowrap" gap="sm">
      <Group gap={6} wrap="nowrap">
        <IconCircleCheck size={20} color="var(--mantine-color-teal-7)" aria-hidden />
        <Text fw={600} c="teal.9">
          Già in contatto
        </Text>
      </Group>
      <Button
        renderRoot={(props) => <Link {...props} to="/chat/$matchId" params={{ matchId: String(matchId) }} />}
        variant="light"
        leftSection={<IconMessageCircle size={18} aria-hidden />}
        style={{ flexShrink: 0 }}
      >
        Apri chat
      </Button>
    </Group>
  );
}
