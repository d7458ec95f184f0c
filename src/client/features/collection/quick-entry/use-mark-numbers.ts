import { onlineManager } from '@tanstack/react-query';
import { errorMessage, isNetworkFailure } from '../../../shared/api/error-message.ts';
import { trpc } from '../../../shared/api/trpc.ts';
import { useCurrentUser } from '../../../shared/session/use-current-user.ts';
import { toastError, toastSuccess } from '../../../shared/ui/toast.ts';
import { toastUndo } from '../../../shared/ui/undo-toast.tsx';
import { pendingStatuses } from '../outbox/pending-taps.ts';
import { outboxSnapshot, queueTaps } from '../outbox/tap-outbox.ts';
import { statusById } from '../sticker-records.ts';
import type { StickerStatus } from '../sticker-status.ts';
import { markedMessage } from './quick-entry-text.ts';
import { leftToFix, resolveStickerNumbers } from './resolve-numbers.ts';
import { undoTaps } from './undo-marks.ts';

type Utils = ReturnType<typeof trpc.useUtils>;

/** Each sticker's status as the album shows it now: the server's, under my taps still waiting. */
function statusesNow(utils: Utils, userId: number, albumId: number) {
  const records = utils.collection.list.getData({ albumId });
  if (!records) return undefined;
  const saved = statusById(records);
  const waiting = pendingStatuses(outboxSnapshot(), userId, albumId);
  return (stickerId: number): StickerStatus => waiting.get(stickerId) ?? saved.get(stickerId) ?? 'no';
}

/**
 * Fast entry's marks. Online, one call: the server finds the numbers and writes them in one
 * transaction (not optimistic: the album shows the marks once it has answered). With no connection,
 * or no answer, the numbers are found in the album as this device has it and the marks go into the
 * outbox, like taps, to be sent later. Either way the toast offers 'Annulla', which puts back each
 * changed sticker's previous status through the outbox.
 */
export function useMarkNumbers(albumId: number) {
  const utils = trpc.useUtils();
  const userId = useCurrentUser().user?.id;
  const bulk = trpc.collection.setStatusInBulk.useMutation({
    onSuccess: () => {
      void utils.collection.list.invalidate({ albumId });
      void utils.collection.summary.invalidate();
      // The first sticker marked selects the album for matches on the server.
      void utils.auth.session.invalidate();
    },
    // No connection is no error: the marks are kept on the device instead (see keepOnDevice).
    meta: {
      errorText: (error) => (isNetworkFailure(error) ? '' : errorMessage(error, "Errore nell'aggiornamento")),
    },
  });

  /** Marks what `text` names; `onDone` gets what is left to fix (unknown or unreadable entries). */
  const mark = (text: string, status: StickerStatus, onDone: (left: string[]) => void) => {
    if (userId === undefined) return;
    const tappedAt = Date.now();
    const before = statusesNow(utils, userId, albumId);
    /** `became`: each marked sticker's status now, which a spare count typed with it may have made 'double'. */
    const done = (stickerIds: number[], left: string[], waiting: boolean, became: StickerStatus[]) => {
      if (stickerIds.length > 0) {
        const message = `${markedMessage(became)}${waiting ? ': da sincronizzare' : ''}`;
        if (!before) toastSuccess('Figurine aggiornate', message);
        else {
          const marked = { userId, albumId, stickerIds, status, before };
          // Never older than the marks it undoes, whatever the device's clock did meanwhile.
          toastUndo(message, () => void queueTaps(undoTaps(marked, Math.max(Date.now(), tappedAt + 1))));
        }
      }
      onDone(left);
    };
    const resolveOnDevice = () => {
      const stickers = utils.stickers.list.getData({ albumId });
      return stickers && resolveStickerNumbers(text, stickers);
    };
    const keepOnDevice = () => {
      const resolved = resolveOnDevice();
      if (!resolved) return toastError('Sei offline: riprova quando torna la connessione');
      // The outbox holds statuses only: a spare count typed offline waits as a double (one spare).
      const taps = resolved.stickerIds.map((stickerId) => ({
        userId,
        albumId,
        stickerId,
        status: resolved.doubled?.has(stickerId) ? ('double' as const) : status,
        tappedAt,
      }));
      void queueTaps(taps);
      done(
        resolved.stickerIds,
        leftToFix(resolved),
        true,
        taps.map((tap) => tap.status),
      );
    };

    if (!onlineManager.isOnline()) return keepOnDevice();
    bulk.mutate(
      { albumId, numbers: text, status, tappedAt },
      {
        onSuccess: (result) => {
          const onDevice = resolveOnDevice();
          // The device's copy of the album is behind the server's: fetch it, so the preview agrees again.
          if (onDevice && leftToFix(onDevice).length !== result.unknownCount)
            void utils.stickers.list.invalidate({ albumId });
          // The server lists only the first unknown entries; then the device's full list stays in the box.
          const complete = result.unknown.length === result.unknownCount;
          const now = new Map(result.marks.map((marked) => [marked.stickerId, marked.status]));
          const became = result.stickerIds.map((stickerId) => now.get(stickerId) ?? status);
          done(
            result.stickerIds,
            complete || !onDevice ? result.unknown : leftToFix(onDevice),
            false,
            became,
          );
        },
        onError: (error) => {
          if (isNetworkFailure(error)) keepOnDevice();
        },
      },
    );
  };

  return { mark, isPending: bulk.isPending };
}
