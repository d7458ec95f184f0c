import { type ReactNode, useMemo, useSyncExternalStore } from 'react';
import { dropMessagesOf, useWaitingMessageCount } from '../features/chat/chat-outbox.ts';
import { dropTapsOf, outboxSnapshot, subscribeOutbox } from '../features/collection/outbox/tap-outbox.ts';
import { UnsentChangesContext } from '../shared/session/unsent-changes.ts';

/**
 * Hands the collector's waiting taps and chat messages down to the screens that count them ('Esci' on the
 * profile, Home's counters).
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
  const messages = useWaitingMessageCount(userId);
  const value = useMemo(() => {
    const taps = queued.filter((tap) => tap.userId === userId);
    const discard = async () => {
      if (userId !== undefined) await Promise.all([dropTapsOf(userId), dropMessagesOf(userId)]);
    };
    return { count: taps.length + messages, taps, messages, discard };
  }, [queued, messages, userId]);
  return <UnsentChangesContext value={value}>{children}</UnsentChangesContext>;
}
