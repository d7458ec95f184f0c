import { type ReactNode, useMemo, useSyncExternalStore } from 'react';
import { dropTapsOf, outboxSnapshot, subscribeOutbox } from '../features/collection/outbox/tap-outbox.ts';
import { UnsentChangesContext } from '../shared/session/unsent-changes.ts';

/**
 * Hands the collector's waiting taps down to the screens that count them ('Esci' on the profile, Home's
 * counters).
 * Only the context's readers render again after a tap: `children` are the same elements.
 */
export function UnsentChangesProvider({
  userId,
  children,
}: {
  userId: number | undefined;
  children: ReactNode;
}) {
  const queued = useSyncExternalStore(subscribeOutbox, outboxSnapshot, outboxSnapshot);
  const value = useMemo(() => {
    const taps = queued.filter((tap) => tap.userId === userId);
    const discard = () => (userId === undefined ? Promise.resolve() : dropTapsOf(userId));
    return { count: taps.length, taps, discard };
  }, [queued, userId]);
  return <UnsentChangesContext value={value}>{children}</UnsentChangesContext>;
}
