import { Button, Group, Stack, Title } from '@mantine/core';
import { IconArrowsExchange, IconQrcode } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { trpc } from '../../shared/api/trpc.ts';
import { useCurrentUser } from '../../shared/session/use-current-user.ts';
import { FullPageLoader } from '../../shared/ui/full-page-loader.tsx';
import { AdminLink } from '../../shared/ui/link-to-admin-panel.tsx';
import { MarkFirstPrompt } from '../../shared/ui/mark-first-prompt.tsx';
import { MatchSearch } from './match-search.tsx';
import { NoAlbumPrompt } from './no-album-prompt.tsx';
import { UnreadChats } from './unread-chats.tsx';

export function MatchPage() {
  const { user } = useCurrentUser();
  // Home's album (the one chosen for matches, else the one marked last, else the first) and my marks in it.
  const summary = trpc.collection.summary.useQuery(undefined, { staleTime: 0 });
  const album = summary.data?.album ?? null;
  const albumId = user?.albumSelezionato ?? album?.id ?? null;

  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="nowrap">
        <Title order={1} size="h2">
          Trova Match
        </Title>
        <Group gap={6} wrap="nowrap">
          <Button
            renderRoot={(props) => (
              <Link {...props} to="/dal-vivo" search={albumId === null ? {} : { album: albumId }} />
            )}
            variant="light"
            h={44}
            px="sm"
            leftSection={<IconQrcode size={18} aria-hidden />}
          >
            Dal vivo
          </Button>
          <Button
            renderRoot={(props) => <Link {...props} to="/scambi" />}
            variant="light"
            h={44}
            px="sm"
            leftSection={<IconArrowsExchange size={18} aria-hidden />}
          >
            Scambi
          </Button>
        </Group>
      </Group>
      <UnreadChats />
      {!user || (user.albumSelezionato == null && summary.isPending) ? (
        <FullPageLoader />
      ) : albumId === null ? (
        <NoAlbumPrompt />
      ) : (
        <>
          {album && summary.data?.raccolte === 0 && (
            <MarkFirstPrompt albumId={album.id} albumName={album.name} />
          )}
          <MatchSearch albumId={albumId} savedRadius={user.raggioKm} savedMixKinds={user.mixSpecialKinds} />
        </>
      )}
      <AdminLink />
    </Stack>
  );
}
