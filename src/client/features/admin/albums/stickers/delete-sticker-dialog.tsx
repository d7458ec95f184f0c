import { Text } from '@mantine/core';
import { trpc } from '../../../../shared/api/trpc.ts';
import { ConfirmDialog } from '../../../../shared/ui/confirm-dialog.tsx';
import { toastSuccess } from '../../../../shared/ui/toast.ts';
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
    meta: { errorMessage: "Errore nell'eliminare la figurina" },
  });
  return (
    <ConfirmDialog
      opened={target !== null}
      title="Elimina Figurina"
      warning="Questa azione non può essere annullata."
      confirmLabel="Elimina"
      pendingLabel="Eliminando..."
      danger
      pending={remove.isPending}
      onConfirm={() => shown && remove.mutate({ albumId: shown.albumId, stickerId: shown.sticker.id })}
      onClose={onClose}
      zIndex={INNER_DIALOG_Z_INDEX}
    >
      <Text>Vuoi davvero eliminare la figurina {shown?.sticker.number}?</Text>
      {shown && stickerText(shown.sticker) && (
        <Text fw={600} data-testid="sticker-to-delete">
          {stickerText(shown.sticker)}
        </Text>
      )}
    </ConfirmDialog>
  );
}
