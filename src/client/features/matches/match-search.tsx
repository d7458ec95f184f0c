import { Stack } from '@mantine/core';
import { useState } from 'react';
import type { MatchRanking } from '../../../rpc/schemas/matches.ts';
import { AlbumContext } from './album-context.tsx';
import { CandidateResults } from './candidate-results.tsx';
import { MixKindsSwitch, useMixKinds } from './mix-kinds-switch.tsx';
import { RadiusSlider } from './radius-slider.tsx';
import { RankingSwitch } from './ranking-switch.tsx';
import { useSearchRadius } from './use-search-radius.ts';

type Props = { albumId: number; savedRadius: number; savedMixKinds: boolean };

export function MatchSearch({ albumId, savedRadius, savedMixKinds }: Props) {
  const { radius, setRadius, settled } = useSearchRadius(savedRadius);
  const { mixKinds, change: changeMixKinds } = useMixKinds(savedMixKinds);
  const [rank, setRank] = useState<MatchRanking>('swaps');
  return (
    <Stack gap="md">
      <AlbumContext albumId={albumId} />
      <RadiusSlider value={radius} onChange={setRadius} />
      <RankingSwitch value={rank} onChange={setRank} />
      <MixKindsSwitch albumId={albumId} value={mixKinds} onChange={changeMixKinds} />
      <CandidateResults
        albumId={albumId}
        radiusKm={settled}
        rank={rank}
        mixKinds={mixKinds}
        radiusChanging={radius !== settled}
      />
    </Stack>
  );
}
