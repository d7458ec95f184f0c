import { Stack, Text } from '@mantine/core';
import { type Candidate, compatibilityLine, countsLine } from './candidate-summary.ts';

/** Why this collector: both counts ('Ti dà 28 · Gli dai 6') and what the compatibility figure means. */
export function CandidateWhy({ candidate }: { candidate: Candidate }) {
  return (
    <Stack gap={0}>
      <Text size="sm" fw={700}>
        {countsLine(candidate)}
      </Text>
      <Text size="xs" c="dimmed">
        {compatibilityLine(candidate)}
      </Text>
    </Stack>
  );
}
