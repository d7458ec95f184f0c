import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { errorMessage } from '../../../../shared/api/error-message.ts';
import { trpc } from '../../../../shared/api/trpc.ts';
import { toastError, toastSuccess } from '../../../../shared/ui/toast.ts';
import { useLastSelected } from '../../use-last-selected.ts';
import { useRefreshCatalogue } from '../use-refresh-catalogue.ts';
import { INNER_DIALOG_Z_INDEX, type StickerTarget, stickerText } from './sticker-types.ts';

type Props = { target: StickerTarget | null; onClose: () => void };

/** 'Elimina Figurina': one sticker, and the collectors' marks on it, after a confirmation. */
export function DeleteStickerDialog({ target, onClose }: Props) {
  const shown = useLastSelected(target);
  const refresh = useRefreshCatalogue();
  const remove = trpc.stickers.delete.useMutation({
    onSuccess: () => {
      toastSuccess('Figurina eliminata', `Figurina ${shown?.sticker.number} eliminata dal database`);
      onClose();
      return refresh();
    },
    onError: (error) => toastError(errorMessage(error, "Errore nell'eliminare la figurina")),
  });
  const close = () => !remove.isPending && onClose();

  return (
    <Modal
      opened={target !== null}
      onClose={close}
      title="Elimina Figurina"
      centered
      zIndex={INNER_DIALOG_Z_INDEX}
    >
      {shown && (
        <Stack gap="sm">
          <Text>Sei sicuro di voler eliminare la figurina {shown.sticker.number}?</Text>
          {stickerText(shown.sticker) && (
            <Text fw={600} data-testid="sticker-to-delete">
              {stickerText(shown.sticker)}
            </Text>
          )}
          <Alert color="red" variant="light" icon={<IconAlertTriangle aria-hidden />}>
            Questa azione non può essere annullata.
          </Alert>
          <Group justify="flex-end" mt="sm">
            <Button variant="default" onClick={close} disabled={remove.isPending}>
              Annulla
            </Button>
            <Button
              color="red"
              disabled={remove.isPending}
              onClick={() => remove.mutate({ albumId: shown.albumId, stickerId: shown.sticker.id })}
            >
              {remove.isPending ? 'Eliminando...' : 'Elimina'}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
