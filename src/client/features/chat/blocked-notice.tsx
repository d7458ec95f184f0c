import { Button, Group, Text } from '@mantine/core';
import { IconBan } from '@tabler/icons-react';

/** In place of the input while I have blocked the other collector. */
export function BlockedNotice({
  nickname,
  pending,
  onUnblock,
}: {
  nickname: string;
  pending: boolean;
  onUnblock: () => void;
}) {
  return (
    <Group
      role="status"
      justify="space-between"
      wrap="nowrap"
      gap="sm"
      pt="sm"
      style={{ borderTop: '1px solid var(--mantine-color-gray-2)' }}
    >
      <Group gap={8} wrap="nowrap" miw={0}>
        <IconBan size={20} color="var(--mantine-color-red-7)" aria-hidden style={{ flexShrink: 0 }} />
        <Text size="sm">Hai bloccato {nickname}: non potete scrivervi né scambiare.</Text>
      </Group>
      <Button variant="light" h={44} loading={pending} onClick={onUnblock} style={{ flexShrink: 0 }}>
        Sblocca
      </Button>
    </Group>
  );
}
