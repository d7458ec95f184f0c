import { Stack } from '@mantine/core';
import { AlbumContext } from './album-context.tsx';
import { CandidateResults } from './candidate-results.tsx';
import { RadiusSlider } from './radius-slider.tsx';
import { useSearchRadius } from './use-search-radius.ts';

export function MatchSearch({ albumId, savedRadius }: { albumId: number; savedRadius: number }) {
  const { radius, setRadius, settled } = useSearchRadius(savedRadius);
  return (
    <Stack gap="md">
      <AlbumContext albumId={albumId} />
      <RadiusSlider value={radius} onChange={setRadius} />
      <CandidateResults albumId={albumId} radiusKm={settled} radiusChanging={radius !== settled} />
    </Stack>
  );
}
