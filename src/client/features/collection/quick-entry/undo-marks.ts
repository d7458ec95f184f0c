import type { QueuedTap } from '../outbox/tap-outbox.ts';
import type { StickerStatus } from '../sticker-status.ts';

type Marked = {
  userId: number;
  albumId: number;
  /** The stickers the fast entry wrote. */
  stickerIds: readonly number[];
  /** The status it gave them. */
  status: StickerStatus;
  /** Each sticker's status as the collector saw it just before. */
  before: (stickerId: number) => StickerStatus;
};

/**
 * The taps that undo a fast entry: each sticker it changed goes back to the status it had (a double to
 * double, an owned one to owned, a missing one to missing); a sticker that already had the status is
 * left alone. Made now, so they win over the marks they undo (decision 013), and queued in the outbox
 * like any tap, so undoing works offline too.
 */
export function undoTaps(marked: Marked, tappedAt: number): QueuedTap[] {
  const { userId, albumId, status } = marked;
  return marked.stickerIds.flatMap((stickerId) => {
    const previous = marked.before(stickerId);
    return previous === status ? [] : [{ userId, albumId, stickerId, status: previous, tappedAt }];
  });
}
