import { Anchor, Button, Center, Paper, Stack, Text, Title } from '@mantine/core';
import { IconShieldLock } from '@tabler/icons-react';
import { ADMIN_ONLY_TEXT } from './admin-only-text.ts';
import { useAdminLogout } from './use-admin-logout.ts';

/** A logged-in collector on an admin path: refused, with the way back and the way to switch account. */
export function AccessDenied({ nickname }: { nickname: string }) {
  const logout = useAdminLogout();
  return (
    <Center mih="100dvh" p="lg">
      <Paper w="100%" maw={440} p="xl" radius="lg" shadow="md" withBorder>
        <Stack align="center" gap="sm">
          <IconShieldLock size={48} stroke={1.5} color="var(--mantine-color-red-6)" aria-hidden />
          <Title order={1} size="h2">
            Accesso negato
          </Title>
          <Text ta="center">{ADMIN_ONLY_TEXT}</Text>
          <Text ta="center" c="dimmed" size="sm">
            Hai fatto l'accesso come {nickname}. Esci per accedere con un account amministratore.
          </Text>
          <Button color="red" variant="light" loading={logout.isPending} onClick={() => logout.mutate()}>
            Esci
          </Button>
          <Anchor href="/">Torna all'app</Anchor>
        </Stack>
      </Paper>
    </Center>
  );
}
