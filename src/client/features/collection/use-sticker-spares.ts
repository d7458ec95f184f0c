import { trpc } from '../../shared/api/trpc.ts';

/** A double's spare copies as the server has them (each row watches only its own). */
export function useStickerSpares(albumId: number, stickerId: number): number | undefined {
  const spares = trpc.collection.list.useQuery(
    { albumId },
    { select: (records) => records.find((record) => record.stickerId === stickerId)?.spares },
  );
  return spares.data;
}
