import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { getQueryKey } from '@trpc/react-query';
import { type RouterOutputs, trpc } from '../../../shared/api/trpc.ts';
import { extraIds } from '../../../shared/completion/counted-stickers.ts';
import { type MarkAnswer, type StickerRecord, withMarks } from '../sticker-records.ts';

/** Where answers go: tRPC's typed helpers, and React Query's client to see which reads are on their way. */
export type Caches = { utils: ReturnType<typeof trpc.useUtils>; queryClient: QueryClient };
type Summary = RouterOutputs['collection']['summary'];

/** My progress by album with one album's count changed: an album is listed only while I have some of it. */
function progressWith(progress: Summary['progress'], albumId: number, owned: number): Summary['progress'] {
  const others = progress.filter((entry) => entry.albumId !== albumId);
  if (owned === 0) return others;
  if (others.length === progress.length) return [...progress, { albumId, owned }];
  return progress.map((entry) => (entry.albumId === albumId ? { albumId, owned } : entry));
}

/**
 * Home's counters and my progress in the album list once an album's records are newer than them: the
 * records counted as the server counts its bitmaps. Raccolte: a record (doubles included) of a counted
 * sticker, Doppie: a double, Mancanti: the rest of the album's counted stickers (extras aside, issue 49;
 * the extras are known from the album's stickers kept on the device).
 */
export function summaryWithRecords(
  summary: Summary,
  albumId: number,
  records: readonly StickerRecord[],
  extras: ReadonlySet<number> = new Set(),
): Summary {
  const owned = records.filter((record) => !extras.has(record.stickerId)).length;
  const progress = progressWith(summary.progress, albumId, owned);
  if (summary.album?.id !== albumId) return { ...summary, progress };
  return {
    ...summary,
    raccolte: owned,
    doppie: records.filter((record) => record.status === 'double').length,
    mancanti: summary.album.stickerCount - owned,
    progress,
  };
}

const isReading = (queryClient: QueryClient, queryKey: QueryKey) => queryClient.isFetching({ queryKey }) > 0;

/**
 * Puts the server's answers to my marks in one album into the album's cached records and Home's summary,
 * instead of reading them again (a whole album's records, after every tap). Each answer is the sticker's
 * status now, the latest tap's (decision 013): the server's word wins, for taps sent late too. My taps
 * still waiting show over the records (decision 014), so an answer to an older tap never hides a newer
 * one. A read already on its way may have left before these marks were written and would put the old
 * statuses back: it is made again. Without the album's records on the device there is nothing to count,
 * and the summary is asked again.
 */
export function takeAnswers({ utils, queryClient }: Caches, albumId: number, marks: readonly MarkAnswer[]) {
  const records = utils.collection.list.getData({ albumId });
  const readingRecords = isReading(queryClient, getQueryKey(trpc.collection.list, { albumId }, 'query'));
  const readingSummary = isReading(queryClient, getQueryKey(trpc.collection.summary, undefined, 'query'));
  if (records) {
    const updated = withMarks(records, marks);
    utils.collection.list.setData({ albumId }, updated);
    utils.collection.summary.setData(
      undefined,
      (summary) =>
        summary &&
        summaryWithRecords(summary, albumId, updated, extraIds(utils.stickers.list.getData({ albumId }))),
    );
  }
  if (readingRecords) void utils.collection.list.invalidate({ albumId });
  if (readingSummary || !records) void utils.collection.summary.invalidate();
  // 'Ordina le ultime' is the server's list: asked again now that the server has these marks (a screen
  // opened before they arrived showed the count without them).
  void utils.collection.orderList.invalidate({ albumId });
}
