import { useMemo } from 'react';
import { trpc } from '../../../shared/api/trpc.ts';
import { type Sticker, useAlbumStickers, useStickerRecords } from '../album-queries.ts';
import { usePendingTaps } from '../outbox/pending-taps.ts';
import { type CodeState, fingerprint } from './album-code.ts';
import { codeStates, type Mark, myMarks } from './album-state.ts';

export type MyAlbumState = {
  stickers: readonly Sticker[];
  marks: readonly Mark[];
  states: readonly CodeState[];
  fingerprint: number;
};

/**
 * My album as this device knows it, online or offline: the stickers in album order, my marks (the
 * server's last answer under my waiting taps) and what my code says of each, doubles promised in
 * accepted swaps held back. Undefined until the device has the album's stickers and my marks.
 */
export function useMyAlbumState(userId: number, albumId: number): MyAlbumState | undefined {
  const stickers = useAlbumStickers(albumId).data;
  const records = useStickerRecords(albumId).data;
  const promises = trpc.swaps.promises.useQuery({ albumId }).data;
  const pending = usePendingTaps(userId, albumId);
  return useMemo(() => {
    if (!stickers || !records) return undefined;
    const ids = stickers.map((sticker) => sticker.id);
    const marks = myMarks(ids, records, pending);
    const promised = new Map<number, number>();
    for (const promise of promises ?? [])
      promised.set(promise.stickerId, (promised.get(promise.stickerId) ?? 0) + 1);
    return {
      stickers,
      marks,
      states: codeStates(ids, marks, promised),
      fingerprint: fingerprint(stickers.map((sticker) => sticker.number)),
    };
  }, [stickers, records, promises, pending]);
}
