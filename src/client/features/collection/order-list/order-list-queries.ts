import { trpc } from '../../../shared/api/trpc.ts';

/** The order list's screen: always asked again, as it follows my latest taps. */
export function useOrderList(albumId: number) {
  return trpc.collection.orderList.useQuery({ albumId }, { staleTime: 0 });
}
