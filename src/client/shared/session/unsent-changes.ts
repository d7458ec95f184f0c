import { createContext, useContext } from 'react';

/**
 * The logged-in collector's changes still waiting for the server (the collection's tap outbox), as the
 * app shell passes them down to screens outside the collection: 'Esci' counts them and may drop them.
 */
export type UnsentChanges = { count: number; discard: () => Promise<void> };

export const UnsentChangesContext = createContext<UnsentChanges>({
  count: 0,
  discard: () => Promise.resolve(),
});

export function useUnsentChanges(): UnsentChanges {
  return useContext(UnsentChangesContext);
}
