import { Group, Stack, Text } from '@mantine/core';
import { type Candidate, exchangePreview, giftsPreview } from './candidate-summary.ts';

/** The swaps a candidate offers ('my double ↔ the one I receive'), or what they can give when none. */
export function CandidateExchanges({ candidate }: { candidate: Candidate }) {
  if (candidate.swapCount === 0) {
    return (
      <Stack gap={2}>
        <Text size="sm">{giftsPreview(candidate)}</Text>
        <Text size="xs" c="dimmed">
          {candidate.iCanGive > 0
            ? 'Le vostre doppie non sono dello stesso tipo: normali con normali, speciali con speciali'
            : 'Per ora non cerca nessuna delle tue doppie'}
        </Text>
      </Stack>
    );
  }

  const { lines } = exchangePreview(candidate);
  return (
    <Stack gap={6}>
      <Group justify="space-between" gap="xs">
        <Text size="xs" fw={700} c="dimmed" tt="uppercase">
          Scambi possibili
        </Text>
        <Text size="xs" c="dimmed">
          Tu dai ↔ Ricevi
        </Text>
      </Group>
      <Group component="ul" gap={6} m={0} p={0} aria-label="Scambi possibili" style={{ listStyle: 'none' }}>
        {lines.map((line) => (
          <Text
            key={line}
            component="li"
            size="sm"
            fw={600}
            px={10}
            py={4}
            bg="indigo.0"
            c="indigo.9"
            style={{ borderRadius: 'var(--mantine-radius-xl)', whiteSpace: 'nowrap' }}
          >
            {line}
          </Text>
        ))}
      </Group>
    </Stack>
  );
}
