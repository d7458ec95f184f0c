import { createContext, useContext } from 'react';

/** A sticker's status tapped and not yet confirmed by the server. */
export type WaitingTap = { albumId: number; stickerId: number; status: 'no' | 'yes' | 'double' };

/**
 * The logged-in collector's changes still waiting for the server (the collection's tap outbox, the chat's
 * outbox), as the app shell passes them down to screens outside those features: 'Esci' counts them and
 * may drop them, Home's counters count the taps in. `count` is taps and messages together.
 */
export type UnsentChanges = {
  count: number;
  taps: readonly WaitingTap[];
  /** Chat messages written with no connection, still to send. */
  messages: number;
  discard: () => Promise<void>;
};

export const UnsentChangesContext = createContext<UnsentChanges>({
  count: 0,
  taps: [],
  messages: 0,
  discard: () => Promise.resolve(),
});

export function useUnsentChanges(): UnsentChanges {
  return useContext(UnsentChangesContext);
}
