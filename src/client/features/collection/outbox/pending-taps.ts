import { useMemo, useSyncExternalStore } from 'react';
import type { StickerStatus } from '../sticker-status.ts';
import { outboxSnapshot, type QueuedTap, subscribeOutbox } from './tap-outbox.ts';

function useQueuedTaps(): readonly QueuedTap[] {
  return useSyncExternalStore(subscribeOutbox, outboxSnapshot, outboxSnapshot);
}

/** My taps in this album the server has not confirmed yet: sticker id → the status tapped. */
export function pendingStatuses(
  taps: readonly QueuedTap[],
  userId: number,
  albumId: number,
): ReadonlyMap<number, StickerStatus> {
  return new Map(
    taps
      .filter((tap) => tap.userId === userId && tap.albumId === albumId)
      .map((tap) => [tap.stickerId, tap.status]),
  );
}

export function usePendingStatuses(userId: number, albumId: number): ReadonlyMap<number, StickerStatus> {
  const taps = useQueuedTaps();
  return useMemo(() => pendingStatuses(taps, userId, albumId), [taps, userId, albumId]);
}

/** How many of my changes are waiting for the server. */
export function usePendingCount(userId: number | undefined): number {
  const taps = useQueuedTaps();
  return useMemo(() => taps.filter((tap) => tap.userId === userId).length, [taps, userId]);
}

/** My waiting taps in this album with the spares they set: sticker id → the tap. */
export function usePendingTaps(userId: number, albumId: number): ReadonlyMap<number, QueuedTap> {
  const taps = useQueuedTaps();
  return useMemo(
    () =>
      new Map(
        taps
          .filter((tap) => tap.userId === userId && tap.albumId === albumId)
          .map((tap) => [tap.stickerId, tap]),
      ),
    [taps, userId, albumId],
  );
}
