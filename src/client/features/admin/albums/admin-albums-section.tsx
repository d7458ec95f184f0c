import { Button, Group, Stack, Title } from '@mantine/core';
import { IconAlbum, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { trpc } from '../../../shared/api/trpc.ts';
import { ListState } from '../../../shared/ui/list-state.tsx';
import type { AdminAlbum, AlbumAction } from './album-row.tsx';
import { AlbumSortableList } from './album-sortable-list.tsx';
import { CreateAlbumDialog } from './create-album-dialog.tsx';
import { DeleteAlbumDialog } from './delete-album-dialog.tsx';
import { EditAlbumDialog } from './edit-album-dialog.tsx';
import { ManageStickersDialog } from './stickers/manage-stickers-dialog.tsx';

type OpenDialog = { action: AlbumAction; album: AdminAlbum } | null;

/** The admin's 'Gestione Album' (/admin/album): the albums in order, and every change to them. */
export function AdminAlbumsSection() {
  // The admin works on the server's catalogue: the copy this device keeps for collectors offline
  // (query-persistence.ts), or one fetched before the section opened, is not shown as current. The list is
  // asked again at every opening; until the server answers the section is loading, and if it cannot
  // answer, it says so.
  const albums = trpc.albums.list.useQuery(undefined, { refetchOnMount: 'always' });
  const [openedAt] = useState(Date.now);
  const current = albums.data && albums.dataUpdatedAt >= openedAt ? albums.data : undefined;
  const [creating, setCreating] = useState(false);
  const [open, setOpen] = useState<OpenDialog>(null);
  const openFor = (action: AlbumAction) => (open?.action === action ? open.album : null);
  const close = () => setOpen(null);

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={2}>Gestione Album</Title>
        <Button leftSection={<IconPlus size={18} aria-hidden />} onClick={() => setCreating(true)}>
          Nuovo Album
        </Button>
      </Group>
      {current && current.length > 0 ? (
        <AlbumSortableList albums={current} onAction={(action, album) => setOpen({ action, album })} />
      ) : (
        <ListState
          loading={!current}
          loadingText="Caricamento album..."
          failure={
            albums.isError &&
            !current && {
              message: 'Errore nel caricamento degli album',
              onRetry: () => albums.refetch(),
              retrying: albums.isFetching,
            }
          }
          empty={{
            icon: IconAlbum,
            title: 'Nessun Album Trovato',
            text: 'Non ci sono album nel sistema. Crea il primo album per iniziare!',
            action: <Button onClick={() => setCreating(true)}>Crea Primo Album</Button>,
          }}
        />
      )}
      <CreateAlbumDialog
        opened={creating}
        onClose={() => setCreating(false)}
        onCreated={(album) => setOpen({ action: 'manage', album })}
      />
      <EditAlbumDialog album={openFor('rename')} onClose={close} />
      <DeleteAlbumDialog album={openFor('delete')} onClose={close} />
      <ManageStickersDialog album={openFor('manage')} onClose={close} />
    </Stack>
  );
}
