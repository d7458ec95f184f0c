import { useQueryClient } from '@tanstack/react-query';
import { getMutationKey } from '@trpc/react-query';
import { trpc } from '../../shared/api/trpc.ts';
import { useCurrentUser } from '../../shared/session/use-current-user.ts';
import { statusIn, withStatus } from './sticker-records.ts';

/**
 * Sets one sticker's status optimistically (spec §4): the row changes at once, a failure puts that
 * sticker back and says so. Each sticker has its own queue (`scope`), so two taps on the same sticker
 * reach the server in the order they were made, while taps on other stickers run alongside.
 */
export function useSetStickerStatus(albumId: number, stickerId: number) {
  const utils = trpc.useUtils();
  const queryClient = useQueryClient();
  const userId = useCurrentUser().user?.id ?? 0;
  const records = utils.collection.list;

  return trpc.collection.setStatus.useMutation({
    scope: { id: `sticker-status-${stickerId}` },
    meta: { errorMessage: "Errore nell'aggiornamento" },
    onMutate: async ({ status }) => {
      await records.cancel({ albumId });
      const previous = statusIn(records.getData({ albumId }), stickerId);
      // An updater, not a snapshot: other stickers' optimistic marks made meanwhile stay in place.
      records.setData({ albumId }, (current) => withStatus(current ?? [], stickerId, status, userId));
      return { previous };
    },
    onError: (_error, { status }, context) => {
      if (context) {
        records.setData({ albumId }, (current) =>
          // A later tap on this sticker has already replaced what failed: leave that one alone.
          current && statusIn(current, stickerId) === status
            ? withStatus(current, stickerId, context.previous, userId)
            : current,
        );
      }
    },
    onSettled: () => {
      // This mutation still counts as running here. Refetching while other taps are in flight would
      // briefly show the server's older state for them, so only the last one to finish refetches.
      if (queryClient.isMutating({ mutationKey: getMutationKey(trpc.collection.setStatus) }) > 1) return;
      void records.invalidate({ albumId });
      void utils.collection.summary.invalidate();
      // Marking a sticker selects the album for matching when none is chosen yet: only then can `me` change.
      if (utils.auth.session.getData()?.albumSelezionato == null) void utils.auth.session.invalidate();
    },
  });
}
