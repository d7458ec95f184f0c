import { Divider, Stack, Text } from '@mantine/core';
import { Fragment } from 'react';
import { dayLabel, sameDay } from './chat-dates.ts';
import type { ChatMessage } from './chat-message.ts';
import { MessageBubble } from './message-bubble.tsx';

/** The conversation, oldest first, with a separator at the start of each day. */
export function MessageList({ messages, meId }: { messages: readonly ChatMessage[]; meId: number }) {
  if (messages.length === 0) return <NoMessagesYet />;
  const now = new Date();
  return (
    <Stack component="ul" gap={6} m={0} p={0} py="sm" style={{ listStyle: 'none' }}>
      {messages.map((message, index) => {
        const sent = new Date(message.createdAt);
        const previous = messages[index - 1];
        const newDay = !previous || !sameDay(new Date(previous.createdAt), sent);
        return (
          <Fragment key={message.id}>
            {newDay && (
              <li>
                <Divider label={dayLabel(sent, now)} labelPosition="center" my={4} />
              </li>
            )}
            <MessageBubble message={message} mine={message.senderId === meId} />
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
