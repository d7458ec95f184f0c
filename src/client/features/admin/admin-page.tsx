import { Anchor, Center, Stack, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useCurrentUser } from '../../shared/session/use-current-user.ts';
import { FullPageLoader } from '../../shared/ui/full-page-loader.tsx';

/** Below 768 px the admin panel is refused: it is built for a desktop screen. */
export function AdminPage() {
  const isPhone = useMediaQuery('(max-width: 767px)', false, { getInitialValueInEffect: false });
  const { user, isLoading } = useCurrentUser();

  if (isPhone) {
    return (
      <Center mih="100dvh" p="lg">
        <Stack align="center" gap="xs">
          <Title order={1} size="h2">
            Desktop Required
          </Title>
          <Text ta="center">Il pannello admin è accessibile solo da desktop.</Text>
          <Anchor href="/">Torna alla Home</Anchor>
        </Stack>
      </Center>
    );
  }
  if (isLoading) return <FullPageLoader />;
  return (
    <Center mih="100dvh" p="lg">
      <Stack align="center" gap="xs">
        <Title order={1} size="h2">
          Pannello di amministrazione
        </Title>
        {user?.isAdmin ? (
          <Text ta="center">Benvenuto, {user.nickname}.</Text>
        ) : (
          <Text ta="center">
            Questa area è riservata agli amministratori. <Anchor href="/login">Accedi</Anchor> con un account
            amministratore.
          </Text>
        )}
      </Stack>
    </Center>
  );
}
