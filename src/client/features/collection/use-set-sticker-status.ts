import { useCallback } from 'react';
import { useCurrentUser } from '../../shared/session/use-current-user.ts';
import { queueTaps } from './outbox/tap-outbox.ts';
import type { StickerStatus } from './sticker-status.ts';

/**
 * Sets one sticker's status (spec §4): the tap goes into the outbox, so the row changes at once, shows
 * it is not saved yet, and the change survives a lost connection or a closed tab; the outbox sends it
 * (see useOutboxSync) with the time it was made, and the latest tap wins on the server.
 */
export function useSetStickerStatus(albumId: number, stickerId: number) {
  const userId = useCurrentUser().user?.id;
  return useCallback(
    (status: StickerStatus) => {
      if (userId === undefined) return;
      void queueTaps([{ userId, albumId, stickerId, status, tappedAt: Date.now() }]);
    },
    [userId, albumId, stickerId],
  );
}
