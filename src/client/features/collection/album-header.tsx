import { ActionIcon, Group, SimpleGrid, Stack, Title } from '@mantine/core';
import { IconArrowLeft, IconQrcode } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { memo, useMemo } from 'react';
import type { Album } from './album-queries.ts';
import type { AlbumStats } from './album-stats.ts';
import { AlbumStatsPopover } from './album-stats-popover.tsx';
import { AlbumToolButton } from './album-tool-button.tsx';
import { QuickEntryButton } from './quick-entry/quick-entry-button.tsx';
import { ShareListButton } from './share-list/share-list-button.tsx';

type Props = { album: Album; stats: AlbumStats | undefined; onBack: () => void };

/**
 * The opened album's header: back to the list and the name, whole on its own line; below it the album's
 * tools and statistics, each with its short label.
 */
export const AlbumHeader = memo(function AlbumHeader({ album, stats, onBack }: Props) {
  return (
    <Stack component="header" gap="xs">
      <Group gap="xs" wrap="nowrap">
        <ActionIcon size={44} variant="subtle" color="gray" aria-label="Torna agli album" onClick={onBack}>
          <IconArrowLeft size={24} aria-hidden />
        </ActionIcon>
        <Title order={1} size="h4" style={{ flex: 1, minWidth: 0 }}>
          {album.name}
        </Title>
      </Group>
      <SimpleGrid cols={4} spacing={6} role="group" aria-label="Strumenti album">
        <AlbumTools id={album.id} name={album.name} />
        <AlbumStatsPopover albumId={album.id} stats={stats} />
      </SimpleGrid>
    </Stack>
  );
});

/** Inserimento rapido and the shared list: they need only the album, so a tap on a sticker leaves them be. */
const AlbumTools = memo(function AlbumTools({ id, name }: { id: number; name: string }) {
  const album = useMemo(() => ({ id, name }), [id, name]);
  return (
    <>
      <QuickEntryButton album={album} />
      <ShareListButton album={album} />
      <AlbumToolButton
        icon={<IconQrcode size={22} aria-hidden />}
        label="Dal vivo"
        aria-label="Scambio dal vivo"
        renderRoot={(props) => <Link {...props} to="/dal-vivo" search={{ album: id }} />}
      />
    </>
  );
});
