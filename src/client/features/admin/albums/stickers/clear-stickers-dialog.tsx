import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { errorMessage } from '../../../../shared/api/error-message.ts';
import { trpc } from '../../../../shared/api/trpc.ts';
import { toastError, toastSuccess } from '../../../../shared/ui/toast.ts';
import { useLastSelected } from '../../use-last-selected.ts';
import { useRefreshCatalogue } from '../use-refresh-catalogue.ts';
import { type ClearTarget, INNER_DIALOG_Z_INDEX } from './sticker-types.ts';

type Props = { target: ClearTarget | null; onClose: () => void };

/** 'Svuota': every sticker of the album goes, so it asks first. */
export function ClearStickersDialog({ target, onClose }: Props) {
  const shown = useLastSelected(target);
  const refresh = useRefreshCatalogue();
  const clear = trpc.stickers.clear.useMutation({
    onSuccess: () => {
      toastSuccess('Lista svuotata', 'Tutte le figurine sono state rimosse dal database');
      onClose();
      return refresh();
    },
    onError: (error) => toastError(errorMessage(error, "Errore nell'eliminare le figurine")),
  });
  const close = () => !clear.isPending && onClose();

  return (
    <Modal
      opened={target !== null}
      onClose={close}
      title="Svuota Lista"
      centered
      zIndex={INNER_DIALOG_Z_INDEX}
    >
      {shown && (
        <Stack gap="sm">
          <Text>
            Sei sicuro di voler eliminare tutte le {shown.count} figurine di{' '}
            <strong>{shown.album.name}</strong>?
          </Text>
          <Alert color="red" variant="light" icon={<IconAlertTriangle aria-hidden />}>
            Spariranno anche le figurine segnate dai collezionisti. Questa azione non può essere annullata.
          </Alert>
          <Group justify="flex-end" mt="sm">
            <Button variant="default" onClick={close} disabled={clear.isPending}>
              Annulla
            </Button>
            <Button
              color="red"
              disabled={clear.isPending}
              onClick={() => clear.mutate({ albumId: shown.album.id })}
            >
              {clear.isPending ? 'Svuotando...' : 'Svuota'}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
