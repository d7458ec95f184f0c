import { Stack, Title } from '@mantine/core';
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
      <Title order={1} size="h2">
        Trova Match
      </Title>
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
