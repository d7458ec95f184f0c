import { Group, Text } from '@mantine/core';
import { IconMessageOff } from '@tabler/icons-react';

/**
 * In place of the input when nobody can write here any more (issue 48, row 4): the other collector deleted
 * the account or was deactivated. What was written stays to read (and to report).
 */
export function ClosedNotice({ closed }: { closed: 'eliminato' | 'chiusa' }) {
  return (
    <Group
      role="status"
      wrap="nowrap"
      gap={8}
      pt="sm"
      mih={44}
      style={{ borderTop: '1px solid var(--mantine-color-gray-2)' }}
    >
      <IconMessageOff size={20} color="var(--mantine-color-gray-7)" aria-hidden style={{ flexShrink: 0 }} />
      <Text size="sm">
        {closed === 'eliminato'
          ? "Questo collezionista ha eliminato l'account: la chat resta da leggere."
          : 'Questa chat è chiusa: non si può più scrivere.'}
      </Text>
    </Group>
  );
}
