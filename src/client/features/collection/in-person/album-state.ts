import type { StickerStatus } from '../sticker-status.ts';
import type { CodeState } from './album-code.ts';

/** A sticker of mine as this device knows it: its status and, for a double, its spare copies. */
export type Mark = { status: StickerStatus; spares: number };

const MISSING: Mark = { status: 'no', spares: 0 };

/**
 * My marks in an album on this device: what the server last said, under the taps still waiting in the
 * outbox (they are newer). A double without a count has one spare (docs/decisions/023).
 */
export function myMarks(
  stickerIds: readonly number[],
  records: readonly { stickerId: number; status: StickerStatus; spares?: number | undefined }[],
  pending: ReadonlyMap<number, { status: StickerStatus; spares?: number | undefined }>,
): Mark[] {
  const stored = new Map(records.map((record) => [record.stickerId, record]));
  return stickerIds.map((stickerId) => {
    const mark = pending.get(stickerId) ?? stored.get(stickerId);
    if (!mark || mark.status === 'no') return MISSING;
    if (mark.status === 'yes') return { status: 'yes', spares: 0 };
    const kept = stored.get(stickerId);
    const spares = mark.spares ?? (kept?.status === 'double' ? kept.spares : undefined) ?? 1;
    return { status: 'double', spares };
  });
}

/**
 * What my album code says of each sticker: missing, owned, or a double with a spare no accepted swap
 * has promised (`promised` counts, per sticker id, the accepted swaps in which I give it).
 */
export function codeStates(
  stickerIds: readonly number[],
  marks: readonly Mark[],
  promised: ReadonlyMap<number, number>,
): CodeState[] {
  return marks.map((mark, position) => {
    if (mark.status === 'no') return 0;
    const free = mark.spares - (promised.get(stickerIds[position] as number) ?? 0);
    return free > 0 ? 2 : 1;
  });
}

/** Positions in album order: 'Tu dai' (my free doubles they miss) and 'Ricevi' (theirs I miss). */
export function mutualPositions(
  mine: readonly CodeState[],
  theirs: readonly CodeState[],
): { give: number[]; receive: number[] } {
  const give: number[] = [];
  const receive: number[] = [];
  const length = Math.min(mine.length, theirs.length);
  for (let position = 0; position < length; position += 1) {
    if (mine[position] === 2 && theirs[position] === 0) give.push(position);
    if (theirs[position] === 2 && mine[position] === 0) receive.push(position);
  }
  return { give, receive };
}

/** A sticker handed over: one spare fewer (the last spare leaves it owned; one without spares, missing). */
export function afterGiving(mark: Mark): Mark {
  if (mark.status === 'double')
    return mark.spares > 1 ? { status: 'double', spares: mark.spares - 1 } : { status: 'yes', spares: 0 };
  return MISSING;
}

/** A sticker received: a missing one is owned, an owned one becomes a double, a double gets a spare. */
export function afterReceiving(mark: Mark): Mark {
  if (mark.status === 'no') return { status: 'yes', spares: 0 };
  return { status: 'double', spares: Math.min(99, mark.status === 'double' ? mark.spares + 1 : 1) };
}
