import { Group, Loader, Stack, Text } from '@mantine/core';
import { keepPreviousData } from '@tanstack/react-query';
import type { MatchRanking } from '../../../rpc/schemas/matches.ts';
import { errorMessage } from '../../shared/api/error-message.ts';
import { trpc } from '../../shared/api/trpc.ts';
import { LoadFailure } from '../../shared/ui/load-failure.tsx';
import { CandidateCard } from './candidate-card.tsx';
import { CandidateSkeletons, NoCandidates } from './candidate-placeholders.tsx';
import { candidatesFoundLabel } from './candidate-summary.ts';
import { useCreateMatch } from './use-create-match.ts';
import { useOpenChat } from './use-open-chat.ts';

type Props = {
  albumId: number;
  radiusKm: number;
  rank: MatchRanking;
  /** The slider has moved and not rested yet: what is on screen is about to change. */
  radiusChanging: boolean;
};

/** The search for one album and radius: skeletons, then the candidates best first, or why there are none. */
export function CandidateResults({ albumId, radiusKm, rank, radiusChanging }: Props) {
  // While a new radius loads, the last results stay on screen (dimmed) instead of flashing skeletons.
  const search = trpc.matches.potential.useQuery(
    { albumId, radiusKm, rank },
    { placeholderData: keepPreviousData },
  );
  const create = useCreateMatch();
  const openChat = useOpenChat();

  if (search.isPending) return <CandidateSkeletons />;
  if (search.isError) {
    return (
      <LoadFailure
        message={errorMessage(search.error, 'Errore nel caricamento dei match')}
        onRetry={() => void search.refetch()}
      />
    );
  }

  // From the moment the thumb moves until the new answer: the old count would be a wrong answer.
  const updating = radiusChanging || search.isPlaceholderData;
  return (
    <Stack gap="sm">
      <Group justify="space-between" h={20} role="status" aria-live="polite">
        {updating ? (
          <>
            <Text size="sm" c="indigo.7">
              Ricerca in corso…
            </Text>
            <Loader size="xs" aria-hidden />
          </>
        ) : (
          <Text size="sm" c="dimmed">
            {search.data.length > 0 && candidatesFoundLabel(search.data.length)}
          </Text>
        )}
      </Group>
      <Stack
        gap="sm"
        aria-label="Collezionisti trovati"
        aria-busy={updating}
        style={{ opacity: updating ? 0.5 : 1, transition: 'opacity 150ms ease' }}
      >
        {search.data.length === 0 ? (
          <NoCandidates />
        ) : (
          search.data.map((candidate) => (
            <CandidateCard
              key={candidate.id}
              candidate={candidate}
              albumId={albumId}
              creating={create.isPending && create.variables?.user2Id === candidate.id}
              disabled={create.isPending}
              onMatch={() => create.mutate({ user2Id: candidate.id })}
              onProposed={(proposal) =>
                proposal.matchId !== null && void openChat(candidate.id, proposal.matchId)
              }
            />
          ))
        )}
      </Stack>
    </Stack>
  );
}
