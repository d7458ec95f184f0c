import { trpc } from '../../shared/api/trpc.ts';

/**
 * Sets a double's spare copies on the server at once (the outbox keeps statuses only); the album's
 * records take the answer.
 */
export function useSaveSpares(albumId: number) {
  const utils = trpc.useUtils();
  return trpc.collection.setStatus.useMutation({
    onSuccess: (saved) => {
      utils.collection.list.setData({ albumId }, (list) =>
        list?.map((record) =>
          record.stickerId === saved.stickerId && saved.status === 'double'
            ? { ...record, ...saved, status: 'double' }
            : record,
        ),
      );
      void utils.matches.invalidate();
    },
    meta: { errorMessage: "Errore nell'aggiornamento della figurina" },
  });
}
