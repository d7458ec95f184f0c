import { Stack } from '@mantine/core';
import { useState } from 'react';
import type { MatchRanking } from '../../../rpc/schemas/matches.ts';
import { AlbumContext } from './album-context.tsx';
import { CandidateResults } from './candidate-results.tsx';
import { RadiusSlider } from './radius-slider.tsx';
import { RankingSwitch } from './ranking-switch.tsx';
import { useSearchRadius } from './use-search-radius.ts';

export function MatchSearch({ albumId, savedRadius }: { albumId: number; savedRadius: number }) {
  const { radius, setRadius, settled } = useSearchRadius(savedRadius);
  const [rank, setRank] = useState<MatchRanking>('swaps');
  return (
    <Stack gap="md">
      <AlbumContext albumId={albumId} />
      <RadiusSlider value={radius} onChange={setRadius} />
      <RankingSwitch value={rank} onChange={setRank} />
      <CandidateResults
        albumId={albumId}
        radiusKm={settled}
        rank={rank}
        radiusChanging={radius !== settled}
      />
    </Stack>
  );
}
