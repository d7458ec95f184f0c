import { ActionIcon, Group, Title } from '@mantine/core';
import { IconArrowLeft, IconQrcode } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { memo, useMemo } from 'react';
import type { Album } from './album-queries.ts';
import type { AlbumStats } from './album-stats.ts';
import { AlbumStatsPopover } from './album-stats-popover.tsx';
import { QuickEntryButton } from './quick-entry/quick-entry-button.tsx';
import { ShareListButton } from './share-list/share-list-button.tsx';

type Props = { album: Album; stats: AlbumStats | undefined; onBack: () => void };

/** The opened album's header: back to the list, the name, then the album's tools and statistics. */
export const AlbumHeader = memo(function AlbumHeader({ album, stats, onBack }: Props) {
  return (
    <Group component="header" gap="xs" wrap="nowrap">
      <ActionIcon size={44} variant="subtle" color="gray" aria-label="Torna agli album" onClick={onBack}>
        <IconArrowLeft size={24} aria-hidden />
      </ActionIcon>
      <Title order={1} size="h4" lineClamp={2} style={{ flex: 1, minWidth: 0 }}>
        {album.name}
      </Title>
      <Group gap={6} wrap="nowrap" role="group" aria-label="Strumenti album">
        <AlbumTools id={album.id} name={album.name} />
        <AlbumStatsPopover stats={stats} />
      </Group>
    </Group>
  );
});

/** Inserimento rapido and the shared list: they need only the album, so a tap on a sticker leaves them be. */
const AlbumTools = memo(function AlbumTools({ id, name }: { id: number; name: string }) {
  const album = useMemo(() => ({ id, name }), [id, name]);
  return (
    <>
      <QuickEntryButton album={album} />
      <ShareListButton album={album} />
      <ActionIcon
        size={44}
        variant="light"
        aria-label="Scambio dal vivo"
        renderRoot={(props) => <Link {...props} to="/dal-vivo" search={{ album: id }} />}
      >
        <IconQrcode size={22} aria-hidden />
      </ActionIcon>
    </>
  );
});
