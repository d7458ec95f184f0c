import { Divider, Stack, Text } from '@mantine/core';
import { Fragment, type ReactNode } from 'react';
import { dayLabel, sameDay } from './chat-dates.ts';
import type { ChatMessage } from './chat-message.ts';
import type { QueuedMessage } from './chat-outbox.ts';
import { MessageBubble } from './message-bubble.tsx';
import { QueuedMessageBubble } from './queued-message-bubble.tsx';

type SwapEntry = { id: number; createdAt: string };

type Props<Swap extends SwapEntry> = {
  messages: readonly ChatMessage[];
  meId: number;
  /** Our swap proposals, shown as cards where they were made in the conversation. */
  swaps?: readonly Swap[];
  renderSwap?: (swap: Swap) => ReactNode;
  /** My messages still on the device (the chat outbox): after the rest, in the order written. */
  queued?: readonly QueuedMessage[];
};

type Entry<Swap> = { at: Date; key: string } & (
  | { kind: 'message'; message: ChatMessage }
  | { kind: 'swap'; swap: Swap }
  | { kind: 'queued'; message: QueuedMessage }
);

/** The conversation, oldest first, proposals among the messages, a separator at the start of each day. */
export function MessageList<Swap extends SwapEntry>({
  messages,
  meId,
  swaps = [],
  renderSwap,
  queued = [],
}: Props<Swap>) {
  if (messages.length === 0 && swaps.length === 0 && queued.length === 0) return <NoMessagesYet />;
  const entries: Entry<Swap>[] = [
    ...messages.map((message) => ({
      kind: 'message' as const,
      message,
      at: new Date(message.createdAt),
      key: `m${message.id}`,
    })),
    ...swaps.map((swap) => ({
      kind: 'swap' as const,
      swap,
      at: new Date(swap.createdAt),
      key: `s${swap.id}`,
    })),
  ].sort((a, b) => a.at.getTime() - b.at.getTime());
  // Not yet on the server: they go last whatever the phone's clock says (the server will time them).
  for (const message of queued)
    entries.push({ kind: 'queued', message, at: new Date(message.writtenAt), key: `q${message.key}` });
  const now = new Date();
  return (
    <Stack component="ul" gap={6} m={0} p={0} py="sm" style={{ listStyle: 'none' }}>
      {entries.map((entry, index) => {
        const previous = entries[index - 1];
        const newDay = !previous || !sameDay(previous.at, entry.at);
        return (
          <Fragment key={entry.key}>
            {newDay && (
              <li>
                <Divider label={dayLabel(entry.at, now)} labelPosition="center" my={4} />
              </li>
            )}
            {entry.kind === 'message' ? (
              <MessageBubble message={entry.message} mine={entry.message.senderId === meId} />
            ) : entry.kind === 'queued' ? (
              <QueuedMessageBubble message={entry.message} />
            ) : (
              <li>{renderSwap?.(entry.swap)}</li>
            )}
          </Fragment>
        );
      })}
    </Stack>
  );
}

function NoMessagesYet() {
  return (
    <Stack align="center" justify="center" gap={4} h="100%" py="xl">
      <Text fw={600}>Nessun messaggio ancora</Text>
      <Text c="dimmed">Inizia una conversazione!</Text>
    </Stack>
  );
}
