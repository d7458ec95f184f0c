import { errorMessage, isNetworkFailure } from '../../../shared/api/error-message.ts';
import { trpc } from '../../../shared/api/trpc.ts';
import { toastSuccess } from '../../../shared/ui/toast.ts';
import { markedMessage } from './quick-entry-text.ts';

/**
 * Fast entry's one call: many numbers, one status, one transaction. Not optimistic: the server decides
 * which numbers exist, so the album shows the marks once it has answered.
 */
export function useBulkStatus(albumId: number) {
  const utils = trpc.useUtils();
  return trpc.collection.setStatusInBulk.useMutation({
    onSuccess: ({ updated }, { status }) => {
      if (updated > 0) toastSuccess('Figurine aggiornate', markedMessage(updated, status));
      void utils.collection.list.invalidate({ albumId });
      void utils.collection.summary.invalidate();
      // The first sticker marked selects the album for matches on the server.
      void utils.auth.session.invalidate();
    },
    // No connection is no error: the dialog keeps the marks on the device instead (see QuickEntryDialog).
    meta: {
      errorText: (error) => (isNetworkFailure(error) ? '' : errorMessage(error, "Errore nell'aggiornamento")),
    },
  });
}
