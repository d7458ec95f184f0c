import '../../shared/ui/segmented-control-mantine.css';
import { SegmentedControl } from '@mantine/core';
import type { MatchRanking } from '../../../rpc/schemas/matches.ts';

const RANKINGS: { value: MatchRanking; label: string }[] = [
  { value: 'swaps', label: 'Più scambi' },
  { value: 'missing', label: 'Più mancanti mie' },
];

/** The order of the cards: most 1:1 swaps first, or 'chi ha più mancanti mie' first. */
export function RankingSwitch({
  value,
  onChange,
}: {
  value: MatchRanking;
  onChange: (value: MatchRanking) => void;
}) {
  return (
    <SegmentedControl
      aria-label="Ordina per"
      fullWidth
      data={RANKINGS}
      value={value}
      onChange={(next) => onChange(next as MatchRanking)}
    />
  );
}
