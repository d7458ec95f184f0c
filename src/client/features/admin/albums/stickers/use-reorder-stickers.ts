import { trpc } from '../../../../shared/api/trpc.ts';
import { toastSuccess } from '../../../../shared/ui/toast.ts';
import type { AdminSticker } from './sticker-types.ts';

/**
 * Saves a new sticker order optimistically, as the albums' order is saved: the table shows it at once
 * and goes back to the order it had if the server refuses it.
 */
export function useReorderStickers(albumId: number) {
  const utils = trpc.useUtils();
  const reorder = trpc.stickers.reorder.useMutation({
    meta: { errorMessage: "Errore nel salvare l'ordine delle figurine" },
  });

  return (next: AdminSticker[]) => {
    const previous = utils.stickers.list.getData({ albumId });
    void utils.stickers.list.cancel({ albumId });
    utils.stickers.list.setData({ albumId }, next);
    reorder
      .mutateAsync({ albumId, stickers: next.map((sticker) => ({ id: sticker.id })) })
      .then(
        () => toastSuccess('Ordine aggiornato', "L'ordine delle figurine è stato salvato"),
        () => utils.stickers.list.setData({ albumId }, previous),
      )
      .finally(() => utils.stickers.list.invalidate({ albumId }));
  };
}
