import { Card, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useEffect } from 'react';
import { errorMessage } from '../../shared/api/error-message.ts';
import { LoadFailure } from '../../shared/ui/load-failure.tsx';
import { AlbumListItem } from './album-list-item.tsx';
import { type Album, usePrefetchAlbumStickers } from './album-queries.ts';
import { useAlbumProgress } from './use-album-progress.ts';

type Props = {
  albums: { data: Album[] | undefined; error: unknown; isPending: boolean; refetch: () => unknown };
  isActive: (albumId: number) => boolean;
  setSwitch: (albumId: number, on: boolean) => void;
  onOpen: (albumId: number) => void;
  /** A finger or pointer on an album, or focus: about to open it. */
  onIntent: (albumId: number) => void;
};

/** The album screen's first view: every album, with my progress in it and its ON/OFF switch. */
export function AlbumList({ albums, isActive, setSwitch, onOpen, onIntent }: Props) {
  const prefetch = usePrefetchAlbumStickers();
  const progressOf = useAlbumProgress(albums.data);
  const firstAlbumId = albums.data?.[0]?.id;
  useEffect(() => {
    if (firstAlbumId !== undefined) void prefetch(firstAlbumId);
  }, [firstAlbumId, prefetch]);

  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        Album
      </Title>
      {albums.isPending ? (
        <Stack gap="sm" role="status" aria-label="Caricamento album">
          {[0, 1, 2].map((key) => (
            <Skeleton key={key} h={72} radius="md" />
          ))}
        </Stack>
      ) : albums.error || !albums.data ? (
        <LoadFailure
          message={errorMessage(albums.error, 'Errore nel caricamento degli album')}
          onRetry={() => void albums.refetch()}
        />
      ) : albums.data.length === 0 ? (
        <Card withBorder padding="lg" radius="md">
          <Text ta="center" c="dimmed">
            Nessun album disponibile
          </Text>
        </Card>
      ) : (
        <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Album">
          {albums.data.map((album) => (
            <li key={album.id}>
              <AlbumListItem
                album={album}
                progress={progressOf(album)}
                active={isActive(album.id)}
                onSwitch={(on) => setSwitch(album.id, on)}
                onOpen={() => onOpen(album.id)}
                onIntent={() => onIntent(album.id)}
              />
            </li>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
