import { trpc } from '../../shared/api/trpc.ts';

/**
 * How many swaps wait for my action (a proposal to answer, a receipt to confirm), for the tab bar's
 * badge. Kept current by the inbox stream, which the unread count opens: every swap transition is
 * announced there to both collectors.
 */
export function useWaitingSwaps(enabled: boolean): number {
  const waiting = trpc.swaps.waiting.useQuery(undefined, { enabled });
  return waiting.data?.count ?? 0;
}
