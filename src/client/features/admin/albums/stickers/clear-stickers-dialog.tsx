import { Text } from '@mantine/core';
import { trpc } from '../../../../shared/api/trpc.ts';
import { ConfirmDialog } from '../../../../shared/ui/confirm-dialog.tsx';
import { toastSuccess } from '../../../../shared/ui/toast.ts';
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
    meta: { errorMessage: "Errore nell'eliminare le figurine" },
  });
  return (
    <ConfirmDialog
      opened={target !== null}
      title="Svuota Lista"
      warning="Spariranno anche le figurine segnate dai collezionisti. Questa azione non può essere annullata."
      confirmLabel="Svuota"
      pendingLabel="Svuotando..."
      danger
      pending={clear.isPending}
      onConfirm={() => shown && clear.mutate({ albumId: shown.album.id })}
      onClose={onClose}
      zIndex={INNER_DIALOG_Z_INDEX}
    >
      <Text>
        Vuoi davvero eliminare {shown?.count === 1 ? "l'unica figurina" : `tutte le ${shown?.count} figurine`}{' '}
        di <strong>{shown?.album.name}</strong>?
      </Text>
    </ConfirmDialog>
  );
}
