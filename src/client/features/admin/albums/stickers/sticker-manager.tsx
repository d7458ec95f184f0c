import { Center, Loader, Stack } from '@mantine/core';
import { trpc } from '../../../../shared/api/trpc.ts';
import type { AdminAlbum } from '../album-row.tsx';
import { StickerImportPanel } from './sticker-import-panel.tsx';
import { StickerTable } from './sticker-table.tsx';
import type { AdminSticker, StickerDialog } from './sticker-types.ts';

const NO_STICKERS: AdminSticker[] = [];

type Props = { album: AdminAlbum; opened: boolean; onOpen: (dialog: StickerDialog) => void };

/** The body of 'Gestisci Figurine': the import tools above, the album's stickers below. */
export function StickerManager({ album, opened, onOpen }: Props) {
  const query = trpc.stickers.list.useQuery({ albumId: album.id }, { enabled: opened });
  // Spec §7: in the admin a sticker list that fails to load counts as empty, so importing still works.
  const stickers = query.data ?? NO_STICKERS;

  return (
    <Stack gap="md">
      <StickerImportPanel
        album={album}
        stickers={stickers}
        onClear={() => onOpen({ kind: 'clear', album, count: stickers.length })}
      />
      {query.isLoading ? (
        <Center py="xl">
          <Loader size="sm" aria-label="Caricamento figurine" />
        </Center>
      ) : (
        <StickerTable
          albumId={album.id}
          stickers={stickers}
          onEdit={(sticker) => onOpen({ kind: 'edit', albumId: album.id, sticker })}
          onDelete={(sticker) => onOpen({ kind: 'delete', albumId: album.id, sticker })}
          onSection={(selected) => onOpen({ kind: 'section', albumId: album.id, stickers: selected })}
        />
      )}
    </Stack>
  );
}
