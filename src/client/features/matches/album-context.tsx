import { Anchor, Group, Skeleton, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { trpc } from '../../shared/api/trpc.ts';
import { TAP_TARGET } from '../../shared/ui/tap-target.ts';

/** Which album the search is about, and the way to change it (the choice lives in the profile). */
export function AlbumContext({ albumId }: { albumId: number }) {
  const albums = trpc.albums.list.useQuery();
  const album = albums.data?.find((candidate) => candidate.id === albumId);

  return (
    <Group justify="space-between" wrap="nowrap" gap="sm">
      {albums.isPending ? (
        <Skeleton height={20} width="60%" />
      ) : (
        <Text size="sm" truncate>
          Album: <strong>{album?.name ?? 'non più disponibile'}</strong>
        </Text>
      )}
      <Anchor
        component={Link}
        to="/profile"
        size="sm"
        aria-label="Cambia album"
        style={{ ...TAP_TARGET, flexShrink: 0 }}
      >
        Cambia
      </Anchor>
    </Group>
  );
}
