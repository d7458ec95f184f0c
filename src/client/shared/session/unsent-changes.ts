import { createContext, useContext } from 'react';

/** A sticker's status tapped and not yet confirmed by the server. */
export type WaitingTap = { albumId: number; stickerId: number; status: 'no' | 'yes' | 'double' };

/**
 * The logged-in collector's changes still waiting for the server (the collection's tap outbox), as the
 * app shell passes them down to screens outside the collection: 'Esci' counts them and may drop them,
 * Home's counters count them in.
 */
export type UnsentChanges = { count: number; taps: readonly WaitingTap[]; discard: () => Promise<void> };

export const UnsentChangesContext = createContext<UnsentChanges>({
  count: 0,
  taps: [],
  discard: () => Promise.resolve(),
});

export function useUnsentChanges(): UnsentChanges {
  return useContext(UnsentChangesContext);
}
