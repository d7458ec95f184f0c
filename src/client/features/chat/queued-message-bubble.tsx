import { Box, Button, Group, Text, VisuallyHidden } from '@mantine/core';
import { IconAlertCircle, IconClock } from '@tabler/icons-react';
import { useOnline } from '../../shared/api/use-online.ts';
import { discardMessage, type QueuedMessage } from './chat-outbox.ts';

const WAITING_MARK = 'Verrà inviato quando torni online';
const SENDING_MARK = 'Invio in corso…';

/**
 * One of my messages still on the device (the chat outbox): where it will stand once sent, paler, with
 * what becomes of it instead of a time. One the server refused says why, and may be discarded.
 */
export function QueuedMessageBubble({ message }: { message: QueuedMessage }) {
  const online = useOnline();
  const refused = message.refused !== undefined;
  return (
    <Box
      component="li"
      data-mine
      data-queued={refused ? 'refused' : 'waiting'}
      maw="80%"
      px="sm"
      py={6}
      bg={refused ? 'red.0' : 'indigo.1'}
      c="dark.7"
      style={{
        alignSelf: 'flex-end',
        borderRadius: 16,
        borderBottomRightRadius: 4,
        border: `1px solid var(--mantine-color-${refused ? 'red-3' : 'indigo-2'})`,
      }}
    >
      <VisuallyHidden>Tu: </VisuallyHidden>
      <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        {message.content}
      </Text>
      {refused ? (
        <>
          <Group gap={4} wrap="nowrap" align="flex-start" mt={4} c="red.8">
            <IconAlertCircle size={14} aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
            <Text size="xs">
              <Text span inherit fw={700}>
                Non inviato.
              </Text>{' '}
              {message.refused}
            </Text>
          </Group>
          <Group justify="flex-end" mt={4}>
            <Button size="xs" variant="white" color="red" onClick={() => void discardMessage(message)}>
              Scarta
            </Button>
          </Group>
        </>
      ) : (
        <Group gap={4} wrap="nowrap" justify="flex-end" mt={2} c="indigo.8">
          <IconClock size={12} aria-hidden style={{ flexShrink: 0 }} />
          <Text size="xs">{online ? SENDING_MARK : WAITING_MARK}</Text>
        </Group>
      )}
    </Box>
  );
}
