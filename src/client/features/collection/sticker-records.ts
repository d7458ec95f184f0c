import type { RouterOutputs } from '../../shared/api/trpc.ts';
import type { StickerStatus } from './sticker-status.ts';

/** What GET /api/user/stickers/{albumId} returns: records for owned and doubled stickers only. */
export type StickerRecord = RouterOutputs['collection']['list'][number];

/** A sticker without a record is missing ('no'), as the server stores it. */
export function statusById(records: readonly StickerRecord[] | undefined): Map<number, StickerStatus> {
  return new Map((records ?? []).map((record) => [record.stickerId, record.status]));
}

/** The server's answer about one of my stickers after a mark: its status now ('no' included). */
export type MarkAnswer = RouterOutputs['collection']['setStatus'];

/**
 * The records once the server has answered marks, in its shape and order: each sticker answered as the
 * answer says (a 'no' has no record), the others as they were.
 */
export function withMarks(records: readonly StickerRecord[], marks: readonly MarkAnswer[]): StickerRecord[] {
  const answered = new Map(marks.map((mark) => [mark.stickerId, mark]));
  const owned = [...answered.values()].flatMap((mark): StickerRecord[] =>
    mark.status === 'no' ? [] : [{ ...mark, status: mark.status }],
  );
  return [...records.filter((record) => !answered.has(record.stickerId)), ...owned].toSorted(
    (a, b) => a.stickerId - b.stickerId,
  );
}
