import { useSyncExternalStore } from 'react';
import { trpc } from '../../shared/api/trpc.ts';
import { extraIds } from '../../shared/completion/counted-stickers.ts';
import { useCurrentUser } from '../../shared/session/use-current-user.ts';
import { type AlbumProgress, ownedInAlbum, progressOf } from './album-progress.ts';
import type { Album } from './album-queries.ts';
import { pendingStatuses } from './outbox/pending-taps.ts';
import { outboxSnapshot, subscribeOutbox } from './outbox/tap-outbox.ts';

/**
 * My progress in each album of the list (undefined while unknown): the server's counts, asked again at
 * every visit, or what this device knows newer than them (an album's records it keeps, my taps still
 * waiting). The records are only read from the cache here, never fetched: one call for the whole list.
 */
export function useAlbumProgress(
  albums: readonly Album[] | undefined,
): (album: Album) => AlbumProgress | undefined {
  const summary = trpc.collection.summary.useQuery(undefined, { staleTime: 0 });
  const kept = trpc.useQueries((t) =>
    (albums ?? []).map((album) => t.collection.list({ albumId: album.id }, { enabled: false })),
  );
  const userId = useCurrentUser().user?.id ?? 0;
  const utils = trpc.useUtils();
  const taps = useSyncExternalStore(subscribeOutbox, outboxSnapshot, outboxSnapshot);

  const keptById = new Map((albums ?? []).map((album, index) => [album.id, kept[index]]));
  return (album) => {
    const records = keptById.get(album.id);
    const countedOwned = summary.data?.progress.find((entry) => entry.albumId === album.id)?.owned ?? 0;
    const owned = ownedInAlbum({
      counted: summary.data && { value: countedOwned, updatedAt: summary.dataUpdatedAt },
      records: records?.data && { value: records.data, updatedAt: records.dataUpdatedAt },
      pending: pendingStatuses(taps, userId, album.id),
      extras: extraIds(utils.stickers.list.getData({ albumId: album.id })),
    });
    // The list's size includes the extras; completion leaves them aside (issue 49).
    const total =
      summary.data?.counted?.find((entry) => entry.albumId === album.id)?.counted ?? album.stickerCount;
    return owned === undefined ? undefined : progressOf(owned, total);
  };
}
