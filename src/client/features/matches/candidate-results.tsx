import { Group, Loader, Stack, Text } from '@mantine/core';
import { keepPreviousData } from '@tanstack/react-query';
import { errorMessage } from '../../shared/api/error-message.ts';
import { trpc } from '../../shared/api/trpc.ts';
import { LoadFailure } from '../../shared/ui/load-failure.tsx';
import { CandidateCard } from './candidate-card.tsx';
import { CandidateSkeletons, NoCandidates } from './candidate-placeholders.tsx';
import { candidatesFoundLabel } from './candidate-summary.ts';
import { useCreateMatch } from './use-create-match.ts';

/** The search for one album and radius: skeletons, then the candidates best first, or why there are none. */
export function CandidateResults({ albumId, radiusKm }: { albumId: number; radiusKm: number }) {
  // While a new radius loads, the last results stay on screen (dimmed) instead of flashing skeletons.
  const search = trpc.matches.potential.useQuery(
    { albumId, radiusKm },
    { placeholderData: keepPreviousData },
  );
  const create = useCreateMatch();

  if (search.isPending) return <CandidateSkeletons />;
  if (search.isError) {
    return (
      <LoadFailure
        message={errorMessage(search.error, 'Errore nel caricamento dei match')}
        onRetry={() => void search.refetch()}
      />
    );
  }

  const updating = search.isPlaceholderData;
  return (
    <Stack
      gap="sm"
      aria-busy={updating}
      style={{ opacity: updating ? 0.6 : 1, transition: 'opacity 150ms ease' }}
    >
      <Group justify="space-between" h={20}>
        <Text size="sm" c="dimmed">
          {search.data.length > 0 && candidatesFoundLabel(search.data.length)}
        </Text>
        {updating && <Loader size="xs" aria-label="Aggiornamento dei risultati" />}
      </Group>
      {search.data.length === 0 ? (
        <NoCandidates />
      ) : (
        search.data.map((candidate) => (
          <CandidateCard
            key={candidate.id}
            candidate={candidate}
            creating={create.isPending && create.variables?.user2Id === candidate.id}
            disabled={create.isPending}
            onMatch={() => create.mutate({ user2Id: candidate.id })}
          />
        ))
      )}
    </Stack>
  );
}
