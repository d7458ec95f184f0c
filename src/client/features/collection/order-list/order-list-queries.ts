import { trpc } from '../../../shared/api/trpc.ts';

/** The album's limit changes only when the admin edits it: the header asks at most every 10 minutes. */
const LIMIT_STALE_MS = 10 * 60_000;

/** 'Ordina le ultime' for the header: the album's limit, to compare with what I miss as I tap. */
export function useOrderLimit(albumId: number) {
  return trpc.collection.orderList.useQuery({ albumId }, { staleTime: LIMIT_STALE_MS, retry: false }).data
    ?.limit;
}

/** The order list's screen: always asked again, as it follows my latest taps. */
export function useOrderList(albumId: number) {
  return trpc.collection.orderList.useQuery({ albumId }, { staleTime: 0 });
}
