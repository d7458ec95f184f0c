import { trpc } from '../../../shared/api/trpc.ts';
import { toastSuccess } from '../../../shared/ui/toast.ts';
import type { AdminAlbum } from './album-row.tsx';
import { useRefreshCatalogue } from './use-refresh-catalogue.ts';

/**
 * Saves a new album order optimistically: the list shows it at once, and goes back to the order it had
 * if the server refuses it.
 */
export function useReorderAlbums() {
  const utils = trpc.useUtils();
  const refresh = useRefreshCatalogue();
  const reorder = trpc.albums.reorder.useMutation({
    meta: { errorMessage: "Errore nel salvare l'ordine degli album" },
  });

  return (next: AdminAlbum[]) => {
    const previous = utils.albums.list.getData();
    // A refetch still in flight would bring back the old order over the optimistic one.
    void utils.albums.list.cancel();
    utils.albums.list.setData(undefined, next);
    // mutateAsync, not mutate: mutate's callbacks only run for the latest call, and every drop needs its own.
    reorder
      .mutateAsync({ albums: next.map((album) => ({ id: album.id })) })
      .then(
        () => toastSuccess('Ordine aggiornato', "L'ordine degli album è stato salvato"),
        () => utils.albums.list.setData(undefined, previous),
      )
      .finally(() => refresh());
  };
}
