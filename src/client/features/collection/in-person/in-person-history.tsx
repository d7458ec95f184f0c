import { Badge, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useEffect, useSyncExternalStore } from 'react';
import { formatDateTime } from '../../../shared/format/dates.ts';
import { displayNumber } from '../../../shared/format/sticker-number.ts';
import {
  type InPersonSwap,
  inPersonSwapsSnapshot,
  loadInPersonSwaps,
  type SwapSticker,
  subscribeInPersonSwaps,
} from './in-person-swaps.ts';
import { conflictText } from './use-in-person-sync.ts';

const numbers = (stickers: readonly SwapSticker[]) =>
  stickers.length === 0 ? 'nessuna' : stickers.map((sticker) => displayNumber(sticker.number)).join(', ');

/** Light badges: white on Mantine's filled teal, orange or red reads under 4.5:1 (WCAG AA). */
function SyncBadge({ sync }: { sync: InPersonSwap['sync'] }) {
  if (sync.state === 'waiting')
    return (
      <Badge color="gray" variant="light">
        Da registrare
      </Badge>
    );
  if (sync.state === 'refused')
    return (
      <Badge color="red" variant="light">
        Non registrato
      </Badge>
    );
  return (
    <Badge color={sync.conflicts.length > 0 ? 'orange' : 'teal'} variant="light">
      Registrato
    </Badge>
  );
}

/**
 * The in-person swaps made on this phone in this album, newest first: what went each way and whether the
 * server has recorded them yet (and what it had to say).
 */
export function InPersonHistory({ userId, albumId }: { userId: number; albumId: number }) {
  useEffect(() => void loadInPersonSwaps(), []);
  const all = useSyncExternalStore(subscribeInPersonSwaps, inPersonSwapsSnapshot);
  const swaps = all.filter((swap) => swap.userId === userId && swap.albumId === albumId);
  if (swaps.length === 0) return null;
  return (
    <Stack gap="xs" component="section" aria-label="Scambi dal vivo su questo telefono">
      <Title order={2} size="h5">
        Scambi dal vivo su questo telefono
      </Title>
      {swaps.map((swap) => (
        <Card key={swap.key} withBorder padding="sm" radius="md">
          <Group justify="space-between" wrap="nowrap" gap="xs">
            <Text fw={700}>{swap.otherNickname}</Text>
            <SyncBadge sync={swap.sync} />
          </Group>
          <Text size="xs" c="dimmed">
            {formatDateTime(new Date(swap.at * 1000))}
          </Text>
          <Text size="sm">{`Hai dato: ${numbers(swap.gives)}`}</Text>
          <Text size="sm">{`Hai ricevuto: ${numbers(swap.receives)}`}</Text>
          {swap.sync.state === 'recorded' && swap.sync.conflicts.length > 0 && (
            <Text size="sm" c="red.9">
              {conflictText(swap.sync)}
            </Text>
          )}
          {swap.sync.state === 'refused' && (
            <Text size="sm" c="red.8">
              {swap.sync.message}
            </Text>
          )}
        </Card>
      ))}
    </Stack>
  );
}
