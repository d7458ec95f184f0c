import { useDocumentVisibility } from '@mantine/hooks';
import { skipToken } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { trpc } from '../../shared/api/trpc.ts';

/** The inbox opens once the first screen has settled: it must not compete with that screen's calls. */
const SETTLE_MS = 1500;
/** Only while the inbox stream is down: the list is asked again this often. */
const FALLBACK_POLL_MS = 15_000;

/** True once the page has loaded and a moment has passed. */
function useSettled() {
  const [settled, setSettled] = useState(false);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const wait = () => {
      timer = setTimeout(() => setSettled(true), SETTLE_MS);
    };
    if (document.readyState === 'complete') wait();
    else window.addEventListener('load', wait, { once: true });
    return () => {
      window.removeEventListener('load', wait);
      clearTimeout(timer);
    };
  }, []);
  return settled;
}

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
    onData: () => void utils.matches.list.invalidate(),
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
