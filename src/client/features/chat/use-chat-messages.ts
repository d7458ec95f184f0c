import { useCallback, useEffect, useState } from 'react';
import { httpStatus } from '../../shared/api/error-message.ts';
import { trpc } from '../../shared/api/trpc.ts';
import { type ChatMessage, mergeMessages, newestId } from './chat-message.ts';
import { useLiveMessages } from './use-live-messages.ts';

/** A chat that is not mine stays so: no second try. */
export const retryUnlessNotFound = (failures: number, error: unknown) =>
  httpStatus(error) !== 404 && failures < 1;

/** The spec's chat poll (§9), only while the live stream is down. */
const CHAT_POLL_MS = 5000;

/**
 * The messages of one chat, kept current: loaded once, then new ones pushed by the live stream, with a
 * catch-up fetch (only what is newer than the newest held) each time the stream is ready and every
 * 5 s while it is not.
 */
export function useChatMessages(matchId: number) {
  const utils = trpc.useUtils();
  const messages = trpc.chat.messages.useQuery(
    { matchId },
    {
      // A refetch adds to what the stream and the catch-ups brought meanwhile instead of replacing it.
      structuralSharing: (old, fetched) =>
        mergeMessages(old as ChatMessage[] | undefined, fetched as ChatMessage[]),
      retry: retryUnlessNotFound,
    },
  );
  const hasMessages = messages.data !== undefined;
  const notFound = httpStatus(messages.error) === 404;

  const add = useCallback(
    (incoming: readonly ChatMessage[]) =>
      // Before the first load there is nothing to add to: the catch-up after it brings these.
      utils.chat.messages.setData({ matchId }, (old) => (old ? mergeMessages(old, incoming) : old)),
    [utils, matchId],
  );

  const catchUp = useCallback(async () => {
    const held = utils.chat.messages.getData({ matchId });
    if (!held) return;
    try {
      add(await utils.client.chat.messages.query({ matchId, after: newestId(held) }));
    } catch {
      // The next poll, stream event or refocus tries again.
    }
  }, [utils, matchId, add]);

  const [readyCount, setReadyCount] = useState(0);
  const live = useLiveMessages(notFound ? null : matchId, {
    onReady: () => setReadyCount((count) => count + 1),
    onMessage: (message) => add([message]),
  });

  useEffect(() => {
    if (readyCount > 0 && hasMessages) void catchUp();
  }, [readyCount, hasMessages, catchUp]);

  useEffect(() => {
    if (live || !hasMessages) return;
    const timer = setInterval(() => void catchUp(), CHAT_POLL_MS);
    return () => clearInterval(timer);
  }, [live, hasMessages, catchUp]);

  return { messages, notFound, add, live };
}
