import { useDocumentVisibility } from '@mantine/hooks';
import { skipToken } from '@tanstack/react-query';
import { trpc } from '../../shared/api/trpc.ts';
import { useSettled } from '../../shared/api/use-settled.ts';

/** Only while the inbox stream is down: the list is asked again this often. */
const FALLBACK_POLL_MS = 15_000;

/**
 * How many messages of the others I have not read, across my matches, kept current wherever the app is
 * open: the inbox stream says when a message arrives in any of my matches (or that it has just
 * connected, so nothing fell in between) and the match list, which Home shows too, is asked again.
 * Without the stream the list is polled (in view only, as React Query does). The chat open on screen
 * (`openChatId`) does not count: it is being read.
 */
export function useUnreadMessages(openChatId: number | null): number {
  const utils = trpc.useUtils();
  const settled = useSettled();
  const visible = useDocumentVisibility() === 'visible';
  // Only while the page is in view: a browser holds six connections per server over HTTP/1.1, and tabs
  // left in the background must not take them all. Back in view, `ready` brings the list up to date.
  const inbox = trpc.chat.onInbox.useSubscription(settled && visible ? undefined : skipToken, {
    // Messages and swap transitions both come this way: a message refreshes the chats, a swap the swap
    // badge and cards; `ready` and `resync` (something may have been missed) both.
    onData: (event) => {
      if (event.type !== 'swap') void utils.matches.list.invalidate();
      if (event.type !== 'message') {
        void utils.swaps.invalidate();
        // Accepted and completed swaps change what either of us can still give.
        void utils.matches.potential.invalidate();
      }
    },
  });
  // 'pending' is an open stream waiting for events; anything else means none will come.
  const live = inbox.status === 'pending';
  const matches = trpc.matches.list.useQuery(undefined, {
    enabled: settled,
    refetchInterval: live ? false : FALLBACK_POLL_MS,
  });
  return (matches.data ?? [])
    .filter((match) => !(visible && match.id === openChatId))
    .reduce((total, match) => total + match.unreadCount, 0);
}
