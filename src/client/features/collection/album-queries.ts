import { useCallback } from 'react';
import { OFFLINE_CACHE_MS } from '../../shared/api/query-persistence.ts';
import { type RouterOutputs, trpc } from '../../shared/api/trpc.ts';
import type { SessionContext } from '../../shared/session/use-current-user.ts';

export type Album = RouterOutputs['albums']['list'][number];
export type Sticker = RouterOutputs['stickers']['list'][number];

/** Spec §7/§9: the album list and each album's stickers stay cached for 10 minutes. */
export const ALBUM_CACHE_MS = 10 * 60_000;
/** …and the first album's stickers, fetched ahead while the list shows, for 30. */
export const FIRST_ALBUM_PREFETCH_MS = 30 * 60_000;

/** Fresh for 10 minutes; kept on the device for offline use far longer (see query-persistence.ts). */
const ALBUM_CACHE = { staleTime: ALBUM_CACHE_MS, gcTime: OFFLINE_CACHE_MS } as const;

/** While the list is in view it is asked again this often (React Query pauses in the background). */
export const ALBUM_LIST_REFRESH_MS = 60_000;

/**
 * The list shows at once from cache (and offline), but every visit to a screen showing it, a return to
 * the tab and every minute in view ask again in the background, so an album the admin just added shows
 * up without a reload and without waiting for the cache to age.
 */
export function useAlbums() {
  return trpc.albums.list.useQuery(undefined, {
    ...ALBUM_CACHE,
    refetchOnMount: 'always',
    refetchOnWindowFocus: 'always',
    refetchInterval: ALBUM_LIST_REFRESH_MS,
  });
}

export function useAlbumStickers(albumId: number) {
  return trpc.stickers.list.useQuery({ albumId }, ALBUM_CACHE);
}

/**
 * For the routes' loaders: the screen's data is asked for as soon as the address is known, alongside
 * the screen's code instead of after it (one batched request). A failure is left to the screen.
 */
export function prefetchAlbumList({ trpcUtils }: SessionContext) {
  void trpcUtils.albums.list.prefetch(undefined, ALBUM_CACHE);
}

export function prefetchOpenedAlbum({ trpcUtils }: SessionContext, albumId: number) {
  void trpcUtils.albums.list.prefetch(undefined, ALBUM_CACHE);
  void trpcUtils.stickers.list.prefetch({ albumId }, ALBUM_CACHE);
  void trpcUtils.collection.list.prefetch({ albumId });
}

export function useStickerRecords(albumId: number) {
  return trpc.collection.list.useQuery({ albumId });
}

export function usePrefetchAlbumStickers() {
  const utils = trpc.useUtils();
  return useCallback(
    (albumId: number) =>
      utils.stickers.list.prefetch(
        { albumId },
        { staleTime: FIRST_ALBUM_PREFETCH_MS, gcTime: FIRST_ALBUM_PREFETCH_MS },
      ),
    [utils],
  );
}
