import { useCallback } from 'react';
import { displayNumber } from '../../shared/format/sticker-number.ts';
import { useCurrentUser } from '../../shared/session/use-current-user.ts';
import { toastUndo } from '../../shared/ui/undo-toast.tsx';
import type { Sticker } from './album-queries.ts';
import { queueTaps } from './outbox/tap-outbox.ts';
import { STATUS_BADGES, type StickerStatus } from './sticker-status.ts';

/**
 * Sets one sticker's status (spec §4): the tap goes into the outbox, so the row changes at once, shows
 * it is not saved yet, and the change survives a lost connection or a closed tab; the outbox sends it
 * (see useOutboxSync) with the time it was made, and the latest tap wins on the server. A snackbar says
 * what changed, with 'Annulla': that is one more tap, back to the status the row showed before, through
 * the outbox too (so it works offline).
 */
export function useSetStickerStatus(albumId: number, sticker: Pick<Sticker, 'id' | 'number'>) {
  const userId = useCurrentUser().user?.id;
  const { id: stickerId, number } = sticker;
  return useCallback(
    (status: StickerStatus, previous: StickerStatus) => {
      if (userId === undefined) return;
      const tap = (to: StickerStatus) =>
        void queueTaps([{ userId, albumId, stickerId, status: to, tappedAt: Date.now() }]);
      tap(status);
      // The row changes in this frame; the snackbar follows in the next, never delaying the tap's own answer.
      requestAnimationFrame(() =>
        setTimeout(() =>
          toastUndo(`#${displayNumber(number)}: ${STATUS_BADGES[status].label}`, () => tap(previous)),
        ),
      );
    },
    [userId, albumId, stickerId, number],
  );
}
