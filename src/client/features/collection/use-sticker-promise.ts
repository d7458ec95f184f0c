import { trpc } from '../../shared/api/trpc.ts';

/** The accepted swap that has me give this sticker, if any: its id and to whom (each row watches its own). */
export function useStickerPromise(albumId: number, stickerId: number) {
  const promise = trpc.swaps.promises.useQuery(
    { albumId },
    { select: (promises) => promises.find((entry) => entry.stickerId === stickerId) },
  );
  return promise.data;
}
