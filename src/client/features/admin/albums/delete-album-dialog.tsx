import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { errorMessage } from '../../../shared/api/error-message.ts';
import { trpc } from '../../../shared/api/trpc.ts';
import { toastError, toastSuccess } from '../../../shared/ui/toast.ts';
import { useLastSelected } from '../use-last-selected.ts';
import type { AdminAlbum } from './album-row.tsx';
import { useRefreshCatalogue } from './use-refresh-catalogue.ts';

type Props = { album: AdminAlbum | null; onClose: () => void };

/** 'Elimina Album': the album goes with all its stickers and every collector's marks on them. */
export function DeleteAlbumDialog({ album: selected, onClose }: Props) {
  const album = useLastSelected(selected);
  const refresh = useRefreshCatalogue();
  const remove = trpc.albums.delete.useMutation({
    onSuccess: () => {
      toastSuccess('Album eliminato', `"${album?.name}" è stato eliminato con tutte le sue figurine`);
      onClose();
      return refresh();
    },
    onError: (error) => toastError(errorMessage(error, "Errore nell'eliminazione dell'album")),
  });
  const close = () => !remove.isPending && onClose();

  return (
    <Modal opened={selected !== null} onClose={close} title="Elimina Album" centered>
      {album && (
        <Stack gap="sm">
          <Text>
            Sei sicuro di voler eliminare l'album <strong>{album.name}</strong>?
          </Text>
          <Alert color="red" variant="light" icon={<IconAlertTriangle aria-hidden />}>
            Verranno eliminate anche tutte le sue {album.stickerCount} figurine e le figurine segnate dai
            collezionisti. Questa azione non può essere annullata.
          </Alert>
          <Group justify="flex-end" mt="sm">
            <Button variant="default" onClick={close} disabled={remove.isPending}>
              Annulla
            </Button>
            <Button color="red" onClick={() => remove.mutate({ id: album.id })} disabled={remove.isPending}>
              {remove.isPending ? 'Eliminando...' : 'Elimina'}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
