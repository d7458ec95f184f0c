import { Button, Group, Stack, Title } from '@mantine/core';
import { IconArrowsExchange } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useCurrentUser } from '../../shared/session/use-current-user.ts';
import { AdminLink } from '../../shared/ui/admin-link.tsx';
import { FullPageLoader } from '../../shared/ui/full-page-loader.tsx';
import { MatchSearch } from './match-search.tsx';
import { NoAlbumPrompt } from './no-album-prompt.tsx';
import { UnreadChats } from './unread-chats.tsx';

export function MatchPage() {
  const { user } = useCurrentUser();

  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="nowrap">
        <Title order={1} size="h2">
          Trova Match
        </Title>
        <Button
          renderRoot={(props) => <Link {...props} to="/scambi" />}
          variant="light"
          h={44}
          leftSection={<IconArrowsExchange size={18} aria-hidden />}
        >
          Scambi
        </Button>
      </Group>
      <UnreadChats />
      {!user ? (
        <FullPageLoader />
      ) : user.albumSelezionato == null ? (
        <NoAlbumPrompt />
      ) : (
        <MatchSearch albumId={user.albumSelezionato} savedRadius={user.raggioKm} />
      )}
      <AdminLink />
    </Stack>
  );
}
