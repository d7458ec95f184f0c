import { Text } from '@mantine/core';
import { type Candidate, countsLine } from './candidate-summary.ts';

/**
 * Why this collector, in the one measure everybody reads the same (issue 48, row 1): what they can give me
 * and what I can give them ('Ti dà 28 · Gli dai 6'). The server's compatibility orders the list, unshown.
 */
export function CandidateWhy({ candidate }: { candidate: Candidate }) {
  return (
    <Text size="md" fw={800}>
      {countsLine(candidate)}
    </Text>
  );
}
