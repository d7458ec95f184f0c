import type { RouterOutputs } from '../../shared/api/trpc.ts';
import type { StickerStatus } from './sticker-status.ts';

/** What GET /api/user/stickers/{albumId} returns: records for owned and doubled stickers only. */
export type StickerRecord = RouterOutputs['collection']['list'][number];

/** A sticker without a record is missing ('no'), as the server stores it. */
export function statusById(records: readonly StickerRecord[] | undefined): Map<number, StickerStatus> {
  return new Map((records ?? []).map((record) => [record.stickerId, record.status]));
}

/** The records after one sticker changes status, in the server's shape (a 'no' has no record). */
export function withStatus(
  records: readonly StickerRecord[],
  stickerId: number,
  status: StickerStatus,
  userId: number,
): StickerRecord[] {
  const others = records.filter((record) => record.stickerId !== stickerId);
  return status === 'no' ? others : [...others, { stickerId, status, userId }];
}
