import { useCallback } from 'react';
import { type RouterOutputs, trpc } from '../../shared/api/trpc.ts';

export type Album = RouterOutputs['albums']['list'][number];
export type Sticker = RouterOutputs['stickers']['list'][number];

/** Spec §7/§9: the album list and each album's stickers stay cached for 10 minutes. */
export const ALBUM_CACHE_MS = 10 * 60_000;
/** …and the first album's stickers, fetched ahead while the list shows, for 30. */
export const FIRST_ALBUM_PREFETCH_MS = 30 * 60_000;

/**
 * The list is served from cache for 10 minutes, but coming back to the tab always asks again in the
 * background, so an album the admin just added shows up without waiting for the cache to age.
 */
export function useAlbums() {
  return trpc.albums.list.useQuery(undefined, {
    staleTime: ALBUM_CACHE_MS,
    gcTime: ALBUM_CACHE_MS,
    refetchOnWindowFocus: 'always',
  });
}

export function useAlbumStickers(albumId: number) {
  return trpc.stickers.list.useQuery({ albumId }, { staleTime: ALBUM_CACHE_MS, gcTime: ALBUM_CACHE_MS });
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
