import { Group, Paper, Text } from '@mantine/core';
import { IconCloudOff } from '@tabler/icons-react';
import { useWaitingMessageCount } from '../features/chat/chat-outbox.ts';
import { usePendingCount } from '../features/collection/outbox/pending-taps.ts';
import { useOnline } from '../shared/api/use-online.ts';

const OVER_THE_SCREEN = { position: 'fixed', top: 0, left: 0, right: 0, zIndex: 150 } as const;

const changes = (count: number) =>
  count === 1 ? '1 modifica da sincronizzare' : `${count} modifiche da sincronizzare`;
const messages = (count: number) => (count === 1 ? '1 messaggio da inviare' : `${count} messaggi da inviare`);

/** What waits for the server: '3 modifiche da sincronizzare · 1 messaggio da inviare'. */
const waitingText = (taps: number, messagesWaiting: number) =>
  [taps > 0 && changes(taps), messagesWaiting > 0 && messages(messagesWaiting)].filter(Boolean).join(' · ');

/**
 * Offline, or with taps or chat messages still waiting for the server: says so, with how many. Gone as soon as the
 * server has answered every one. Online it lies over the top of the screen instead of taking room: it
 * comes and goes with the taps on a slow link, and the list under the finger must not move with it.
 * Offline it stays, so it takes its room and hides nothing.
 */
export function OfflineBanner({ userId }: { userId: number | undefined }) {
  const online = useOnline();
  const taps = usePendingCount(userId);
  const messagesWaiting = useWaitingMessageCount(userId);
  const waiting = waitingText(taps, messagesWaiting);
  if (online && waiting === '') return null;
  return (
    <Paper
      role="status"
      aria-live="polite"
      radius={0}
      px="md"
      py={6}
      bg={online ? 'indigo.0' : 'yellow.1'}
      style={online ? OVER_THE_SCREEN : { position: 'sticky', top: 0, zIndex: 150 }}
    >
      <Group gap={8} justify="center" wrap="nowrap">
        {!online && <IconCloudOff size={18} aria-hidden />}
        <Text size="sm" fw={600}>
          {online ? waiting : 'Sei offline'}
          {!online && waiting !== '' && ` · ${waiting}`}
        </Text>
      </Group>
    </Paper>
  );
}
