import { Card, SimpleGrid, Skeleton, Text } from '@mantine/core';
import { useId } from 'react';
import { type RouterOutputs, trpc } from '../../shared/api/trpc.ts';

type Summary = RouterOutputs['collection']['summary'];

const COUNTERS: readonly { field: keyof Summary; label: string; color: string }[] = [
  { field: 'raccolte', label: 'Raccolte', color: 'indigo' },
  { field: 'doppie', label: 'Doppie', color: 'orange' },
  { field: 'mancanti', label: 'Mancanti', color: 'red' },
];

/**
 * Home's three counters (GET /api/user/summary): albums with at least one sticker of mine, my doubles,
 * and the stickers I still miss in those albums.
 */
export function HomeCounters() {
  const summary = trpc.collection.summary.useQuery();
  return (
    <SimpleGrid cols={3} spacing="sm">
      {COUNTERS.map((counter) => (
        <Counter
          key={counter.field}
          label={counter.label}
          color={counter.color}
          value={summary.data?.[counter.field]}
          failed={summary.isError}
        />
      ))}
    </SimpleGrid>
  );
}

type CounterProps = { label: string; color: string; value: number | undefined; failed: boolean };

function Counter({ label, color, value, failed }: CounterProps) {
  const labelId = useId();
  const loading = value === undefined && !failed;
  return (
    <Card
      withBorder
      padding="sm"
      radius="md"
      ta="center"
      role="group"
      aria-labelledby={labelId}
      aria-busy={loading}
    >
      {loading ? (
        <Skeleton h={28} my={7} mx="auto" w="60%" />
      ) : (
        <Text fz={28} fw={800} c={`${color}.7`}>
          {/* Without an answer there is no figure to show: a dash, not a misleading 0. */}
          {value ?? '–'}
        </Text>
      )}
      <Text id={labelId} fz="sm" c="dimmed">
        {label}
      </Text>
    </Card>
  );
}
