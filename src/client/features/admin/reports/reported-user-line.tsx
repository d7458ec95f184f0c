import { Badge, Group, Text } from '@mantine/core';
import type { ReportedUser } from './reported-user.ts';

/** Under a report's description: whom it is about, and whether they are already deactivated. */
export function ReportedUserLine({ user }: { user: ReportedUser }) {
  return (
    <Group gap={6} wrap="nowrap" mt={2}>
      <Text size="xs" c="dimmed">
        Segnalato:{' '}
        <Text span fw={600} c="var(--mantine-color-text)" inherit>
          {user.username}
        </Text>
      </Text>
      {!user.active && (
        <Badge size="xs" variant="light" color="red">
          Disattivato
        </Badge>
      )}
    </Group>
  );
}
