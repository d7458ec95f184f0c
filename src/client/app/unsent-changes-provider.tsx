import { type ReactNode, useMemo } from 'react';
import { dropTapsOf } from '../features/collection/outbox/tap-outbox.ts';
import { usePendingCount } from '../features/collection/outbox/use-outbox.ts';
import { UnsentChangesContext } from '../shared/session/unsent-changes.ts';

/**
 * Hands the collector's waiting taps down to the screens that count them ('Esci' on the profile).
 * Only the context's readers render again after a tap: `children` are the same elements.
 */
export function UnsentChangesProvider({
  userId,
  children,
}: {
  userId: number | undefined;
  children: ReactNode;
}) {
  const count = usePendingCount(userId);
  const value = useMemo(
    () => ({ count, discard: () => (userId === undefined ? Promise.resolve() : dropTapsOf(userId)) }),
    [count, userId],
  );
  return <UnsentChangesContext value={value}>{children}</UnsentChangesContext>;
}
