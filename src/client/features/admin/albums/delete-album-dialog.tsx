import { Text } from '@mantine/core';
import { trpc } from '../../../shared/api/trpc.ts';
import { ConfirmDialog } from '../../../shared/ui/confirm-dialog.tsx';
import { toastSuccess } from '../../../shared/ui/toast.ts';
import { useLastSelected } from '../use-last-selected.ts';
import { deletedMessage, deletionWarning } from './album-deletion.ts';
import type { AdminAlbum } from './album-row.tsx';
import { useRefreshCatalogue } from './use-refresh-catalogue.ts';

type Props = { album: AdminAlbum | null; onClose: () => void };

/** 'Elimina Album': the album goes with all its stickers (if it has any) and every collector's marks on them. */
export function DeleteAlbumDialog({ album: selected, onClose }: Props) {
  const album = useLastSelected(selected);
  const refresh = useRefreshCatalogue();
  const remove = trpc.albums.delete.useMutation({
    onSuccess: () => {
      if (album) toastSuccess('Album eliminato', deletedMessage(album.name, album.stickerCount));
      onClose();
      return refresh();
    },
    meta: { errorMessage: "Errore nell'eliminazione dell'album" },
  });
  return (
    <ConfirmDialog
      opened={selected !== null}
      title="Elimina Album"
      warning={album && deletionWarning(album.stickerCount)}
      confirmLabel="Elimina"
      pendingLabel="Eliminando..."
      danger
      pending={remove.isPending}
      onConfirm={() => album && remove.mutate({ id: album.id })}
      onClose={onClose}
    >
      <Text>
        Vuoi davvero eliminare l'album <strong>{album?.name}</strong>?
      </Text>
    </ConfirmDialog>
  );
}
