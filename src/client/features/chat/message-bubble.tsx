import { Box, Text, VisuallyHidden } from '@mantine/core';
import { HIDDEN_MESSAGE_TEXT } from '../../../rpc/schemas/chat.ts';
import { formatTime } from '../../shared/format/dates.ts';
import type { ChatMessage } from './chat-message.ts';

/**
 * One message: mine on the right, theirs on the left. The content is always plain text; one an admin hid
 * reads 'Messaggio rimosso'.
 */
export function MessageBubble({ message, mine }: { message: ChatMessage; mine: boolean }) {
  return (
    <Box
      component="li"
      data-mine={mine}
      maw="80%"
      px="sm"
      py={6}
      bg={mine ? 'indigo.6' : 'gray.1'}
      c={mine ? 'white' : 'dark.7'}
      style={{
        alignSelf: mine ? 'flex-end' : 'flex-start',
        borderRadius: 16,
        [mine ? 'borderBottomRightRadius' : 'borderBottomLeftRadius']: 4,
      }}
    >
      <VisuallyHidden>{mine ? 'Tu' : message.sender.nickname}: </VisuallyHidden>
      {/* pre-wrap keeps the sender's line breaks; anywhere breaks a long word instead of the layout. */}
      {message.hidden ? (
        <Text size="sm" fs="italic">
          {HIDDEN_MESSAGE_TEXT}
        </Text>
      ) : (
        <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {message.content}
        </Text>
      )}
      <Text
        component="time"
        dateTime={message.createdAt}
        size="xs"
        ta="right"
        display="block"
        c={mine ? 'indigo.1' : 'dimmed'}
      >
        {formatTime(message.createdAt)}
      </Text>
    </Box>
  );
}
