import { Button, Group, Loader, Stack, Text } from '@mantine/core';
import { keepPreviousData } from '@tanstack/react-query';
import { matchCursorAfter } from '../../../rpc/schemas/match-cursor.ts';
import type { MatchRanking } from '../../../rpc/schemas/matches.ts';
import { MATCH_PAGE_SIZE } from '../../../rpc/schemas/matches-limits.ts';
import { errorMessage } from '../../shared/api/error-message.ts';
import { trpc } from '../../shared/api/trpc.ts';
import { LoadFailure } from '../../shared/ui/load-failure.tsx';
import { CandidateCard } from './candidate-card.tsx';
import { CandidateSkeletons, NoCandidates } from './candidate-placeholders.tsx';
import { type Candidate, candidatesFoundLabel, pageHeading } from './candidate-summary.ts';
import { useCreateMatch } from './use-create-match.ts';
import { useOpenChat } from './use-open-chat.ts';

type Props = {
  albumId: number;
  radiusKm: number;
  rank: MatchRanking;
  /** 'Scambia anche speciali con normali' (issue 49, row 3). */
  mixKinds: boolean;
  /** The slider has moved and not rested yet: what is on screen is about to change. */
  radiusChanging: boolean;
};

/**
 * The search for one album and radius: skeletons, then the candidates best first, a page at a time
 * ('Mostra altri'), or why there are none.
 */
export function CandidateResults({ albumId, radiusKm, rank, mixKinds, radiusChanging }: Props) {
  // While a new radius loads, the last results stay on screen (dimmed) instead of flashing skeletons.
  const search = trpc.matches.potential.useInfiniteQuery(
    { albumId, radiusKm, rank, mixKinds },
    {
      placeholderData: keepPreviousData,
      // A full page may have more after it; a short one is the end.
      getNextPageParam: (page) => {
        const last = page.at(-1);
        return page.length >= MATCH_PAGE_SIZE && last ? matchCursorAfter(last) : undefined;
      },
    },
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
  const candidates = distinct(search.data.pages);
  const more = search.hasNextPage;
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
            {candidates.length > 0 &&
              (more ? pageHeading(candidates.length, radiusKm) : candidatesFoundLabel(candidates.length))}
          </Text>
        )}
      </Group>
      <Stack
        gap="sm"
        aria-label="Collezionisti trovati"
        aria-busy={updating}
        style={{ opacity: updating ? 0.5 : 1, transition: 'opacity 150ms ease' }}
      >
        {candidates.length === 0 ? (
          <NoCandidates />
        ) : (
          candidates.map((candidate) => (
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
      {more && !updating && (
        <Button
          variant="light"
          loading={search.isFetchingNextPage}
          onClick={() => void search.fetchNextPage()}
        >
          Mostra altri
        </Button>
      )}
      {search.data.pages.length > 1 && !more && !updating && (
        <Text size="sm" c="dimmed" ta="center">
          Non ci sono altri collezionisti entro {radiusKm} km.
        </Text>
      )}
    </Stack>
  );
}

/** The pages in order, each collector once (one who moved between two pages may come back). */
function distinct(pages: readonly Candidate[][]) {
  const seen = new Set<number>();
  return pages.flat().filter((candidate) => !seen.has(candidate.id) && seen.add(candidate.id));
}
