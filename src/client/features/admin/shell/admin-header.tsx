import { Badge, Button, Group, Text } from '@mantine/core';
import { IconLogout, IconUserShield } from '@tabler/icons-react';
import { Logo } from '../../../shared/ui/logo.tsx';
import { useAdminLogout } from '../access/use-admin-logout.ts';

export function AdminHeader({ nickname }: { nickname: string }) {
  const logout = useAdminLogout();
  return (
    <Group h="100%" px="lg" justify="space-between" wrap="nowrap">
      <Group gap="sm" wrap="nowrap">
        <Logo />
        <Badge variant="light" color="gray" size="lg">
          Admin
        </Badge>
      </Group>
      <Group gap="md" wrap="nowrap">
        <Group gap={6} wrap="nowrap">
          <IconUserShield size={20} stroke={1.6} aria-hidden />
          <Text fw={600}>{nickname}</Text>
        </Group>
        <Button
          variant="default"
          size="sm"
          leftSection={<IconLogout size={16} aria-hidden />}
          loading={logout.isPending}
          onClick={() => logout.mutate()}
        >
          Esci
        </Button>
      </Group>
    </Group>
  );
}
