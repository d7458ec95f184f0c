import { trpc } from '../../../../shared/api/trpc.ts';
import { toastSuccess } from '../../../../shared/ui/toast.ts';
import { useRefreshCatalogue } from '../use-refresh-catalogue.ts';

const stickersText = (count: number) => (count === 1 ? '1 figurina' : `${count} figurine`);

/** 'Tipo' or 'Sezione' for the selected stickers, all in one call; a toast says what changed. */
export function useClassifyStickers(onDone?: () => void) {
  const refresh = useRefreshCatalogue();
  return trpc.stickers.classify.useMutation({
    onSuccess: ({ updated }, input) => {
      const what =
        input.kind !== undefined
          ? 'tipo aggiornato'
          : input.section
            ? `sezione "${input.section.trim()}"`
            : 'sezione tolta';
      toastSuccess('Figurine aggiornate', `${stickersText(updated)}: ${what}`);
      onDone?.();
      return refresh();
    },
    meta: { errorMessage: "Errore nell'aggiornare le figurine" },
  });
}
