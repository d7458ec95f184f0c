import { useDocumentVisibility } from '@mantine/hooks';
import { useEffect, useRef } from 'react';
import { trpc } from '../../shared/api/trpc.ts';
import type { ChatMessage } from './chat-message.ts';

/**
 * What the user has in front of them counts as read: once when the chat opens, then whenever the
 * other user's messages arrive while the page is visible (or when it becomes visible again). The unread
 * badges (Home's, the Match tab's) follow.
 */
export function useMarkRead(matchId: number, messages: readonly ChatMessage[] | undefined, meId: number) {
  const utils = trpc.useUtils();
  const { mutate } = trpc.chat.markRead.useMutation({
    // The badges clear at once: leaving the chat right away must not show its messages as unread again.
    onMutate: async () => {
      await utils.matches.list.cancel();
      utils.matches.list.setData(undefined, (matches) =>
        matches?.map((match) => (match.id === matchId ? { ...match, unreadCount: 0 } : match)),
      );
    },
    onSettled: () => utils.matches.list.invalidate(),
  });
  const visible = useDocumentVisibility() === 'visible';
  const loaded = messages !== undefined;
  const newestTheirs = messages?.findLast((message) => message.senderId !== meId)?.id ?? 0;
  const markedUpTo = useRef<number | null>(null);

  useEffect(() => {
    if (!loaded || !visible) return;
    if (markedUpTo.current !== null && newestTheirs <= markedUpTo.current) return;
    markedUpTo.current = newestTheirs;
    // Only up to what is on screen: a message landing meanwhile stays unread.
    mutate({ matchId, upToId: messages?.at(-1)?.id ?? 0 });
  }, [loaded, visible, newestTheirs, matchId, mutate, messages]);
}
