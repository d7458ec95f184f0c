import { useMemo } from 'react';
import { useMyAlbumState } from '../features/collection/in-person/use-my-album-state.ts';
import { RadunoHerePage } from '../features/raduni/raduno-here-page.tsx';
import type { StickerState } from '../features/raduni/rank-pool.ts';

/** My album on this device as the meet's rows need it: each sticker number's state, taps not yet sent included. */
function useStickerStates(userId: number, albumId: number) {
  const album = useMyAlbumState(userId, albumId);
  return useMemo(
    () =>
      album &&
      new Map<string, StickerState>(
        album.stickers.map((sticker, position) => [sticker.number, album.states[position] as StickerState]),
      ),
    [album],
  );
}

/** 'Chi qui ha le tue mancanti', re-ranked by my album (features do not import each other: the app joins them). */
export function RadunoHereScreen() {
  return <RadunoHerePage useStickerStates={useStickerStates} />;
}
