import { Box, Button, Center, Loader, Stack, Text } from '@mantine/core';
import { skipToken } from '@tanstack/react-query';
import { useMemo } from 'react';
import { errorMessage, httpStatus } from '../../shared/api/error-message.ts';
import { trpc } from '../../shared/api/trpc.ts';
import { useOnline } from '../../shared/api/use-online.ts';
import { LiveSwapCard } from '../../shared/swaps/live-swap-card.tsx';
import { reputationText } from '../../shared/swaps/reputation-text.ts';
import { useSwapActions } from '../../shared/swaps/use-swap-actions.ts';
import { BlockedNotice } from './blocked-notice.tsx';
import { ChatActions } from './chat-actions.tsx';
import { ChatHeader } from './chat-header.tsx';
import { ChatNotFound } from './chat-not-found.tsx';
import { useQueuedMessages } from './chat-outbox.ts';
import { ClosedNotice } from './closed-notice.tsx';
import { MessageComposer } from './message-composer.tsx';
import { MessageList } from './message-list.tsx';
import { PhraseComposer } from './phrase-composer.tsx';
import { useBlocking } from './use-blocking.ts';
import { retryUnlessNotFound, useChatMessages } from './use-chat-messages.ts';
import { useFillHeight } from './use-fill-height.ts';
import { useFirstMessage } from './use-first-message.ts';
import { useMarkRead } from './use-mark-read.ts';
import { useSendMessage } from './use-send-message.ts';
import { useStickToBottom } from './use-stick-to-bottom.ts';

/** Presence changes slowly ('Online ora' means seen in the last 2 minutes): a look every 30 s. */
const INFO_REFRESH_MS = 30_000;
const REPORTABLE_MESSAGES = 20;

/** One match's chat: header, the live conversation, the input. */
export function ChatScreen({ matchId, meId, ask }: { matchId: number; meId: number; ask?: string }) {
  const info = trpc.matches.get.useQuery(
    { matchId },
    { refetchInterval: INFO_REFRESH_MS, retry: retryUnlessNotFound },
  );
  const { messages, notFound, add, live } = useChatMessages(matchId);
  const send = useSendMessage(meId, matchId, add);
  const queued = useQueuedMessages(meId, matchId);
  const online = useOnline();
  useMarkRead(matchId, messages.data, meId);
  const newest = messages.data?.at(-1);
  const newestQueued = queued.at(-1);
  // A message kept to send later scrolls into view as a sent one does (a negative id: none is the server's).
  const scroller = useStickToBottom<HTMLDivElement>(
    newestQueued
      ? { id: -newestQueued.writtenAt, mine: true }
      : newest && { id: newest.id, mine: newest.senderId === meId },
  );
  const { ref, height } = useFillHeight<HTMLDivElement>();
  const other = info.data?.user2;
  // 'Segnala' can be about one of their messages: the last ones, newest first (issue 47, row 2).
  const theirMessages = useMemo(
    () =>
      (messages.data ?? [])
        .filter((message) => message.senderId !== meId && message.id > 0)
        .slice(-REPORTABLE_MESSAGES)
        .reverse(),
    [messages.data, meId],
  );
  // Our proposals in any album, as cards in the conversation; the inbox stream refreshes them.
  const swaps = trpc.swaps.list.useQuery(other ? { withUserId: other.id } : skipToken);
  const reputation = trpc.swaps.reputation.useQuery(other ? { userId: other.id } : skipToken);
  const swapActions = useSwapActions();
  const blocking = useBlocking(other);
  const draft = useFirstMessage(other, messages.data?.length === 0 && swaps.data?.length === 0, ask);

  if (notFound || httpStatus(info.error) === 404) return <ChatNotFound />;

  let conversation: React.ReactNode;
  if (messages.data) {
    conversation = (
      <MessageList
        messages={messages.data}
        meId={meId}
        swaps={swaps.data}
        queued={queued}
        renderSwap={(swap) => <LiveSwapCard swap={swap} meId={meId} actions={swapActions} />}
      />
    );
  } else if (messages.isError) {
    conversation = (
      <Stack align="center" gap="sm" py="xl" role="alert">
        <Text ta="center">{errorMessage(messages.error, 'Errore nel caricamento dei messaggi')}</Text>
        <Button variant="light" onClick={() => void messages.refetch()}>
          Riprova
        </Button>
      </Stack>
    );
  } else {
    conversation = (
      <Center h="100%" role="status">
        <Loader aria-label="Caricamento dei messaggi" />
      </Center>
    );
  }

  return (
    // data-live: whether new messages come by stream (true) or by the 5 s poll, for tests and debugging.
    <Stack ref={ref} gap={0} h={height} data-live={live}>
      <ChatHeader
        other={other}
        reputation={reputation.data && reputationText(reputation.data)}
        actions={other && <ChatActions other={other} blocking={blocking} theirMessages={theirMessages} />}
      />
      <Box
        ref={scroller.ref}
        onScroll={scroller.onScroll}
        role="log"
        aria-label="Messaggi"
        px={2}
        style={{ flex: 1, overflowY: 'auto', overscrollBehavior: 'contain' }}
      >
        {conversation}
      </Box>
      {other && blocking.blocked ? (
        <BlockedNotice nickname={other.nickname} pending={blocking.unblocking} onUnblock={blocking.unblock} />
      ) : other?.closed ? (
        <ClosedNotice closed={other.closed} />
      ) : info.data?.phrasesOnly ? (
        <PhraseComposer sending={send.sending} onSend={send.send} />
      ) : (
        <MessageComposer
          sending={send.sending}
          waiting={online ? 0 : queued.filter((message) => message.refused === undefined).length}
          onSend={send.send}
          draft={draft}
        />
      )}
    </Stack>
  );
}
