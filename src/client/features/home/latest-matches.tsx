import { Button, Stack, Title } from '@mantine/core';
import { useId, useState } from 'react';
import { errorMessage } from '../../shared/api/error-message.ts';
import { trpc } from '../../shared/api/trpc.ts';
import { LoadFailure } from '../../shared/ui/load-failure.tsx';
import { MarkFirstPrompt } from '../../shared/ui/mark-first-prompt.tsx';
import { LatestMatchesItem } from './latest-matches-item.tsx';
import { LatestMatchesSkeleton, NoMatchesYet } from './latest-matches-states.tsx';

/** Home shows the newest few; the whole list (the server sends up to 200) is one tap away. */
const SHOWN_AT_FIRST = 5;

/** Home's 'Ultimi Match': my matches, latest activity first, each with its latest message and the way into its chat. */
export function LatestMatches() {
  const titleId = useId();
  const [showAll, setShowAll] = useState(false);
  // Kept current by the app's inbox (the tab bar's unread badge asks for the same list when a message arrives).
  const matches = trpc.matches.list.useQuery();
  // The counters' query: with nothing marked, a search has nothing to find, so the album comes first.
  const summary = trpc.collection.summary.useQuery(undefined, { staleTime: 0 });
  const album = summary.data?.album;

  let content: React.ReactNode;
  if (matches.isPending) content = <LatestMatchesSkeleton />;
  else if (matches.isError) {
    content = (
      <LoadFailure
        message={errorMessage(matches.error, 'Errore nel caricamento dei match')}
        onRetry={() => void matches.refetch()}
      />
    );
  } else if (matches.data.length === 0) {
    content =
      album && summary.data?.raccolte === 0 ? (
        <MarkFirstPrompt albumId={album.id} albumName={album.name} />
      ) : (
        <NoMatchesYet />
      );
  } else {
    const shown = showAll ? matches.data : matches.data.slice(0, SHOWN_AT_FIRST);
    content = (
      <>
        <Stack component="ul" gap="sm" m={0} p={0} style={{ listStyle: 'none' }}>
          {shown.map((match) => (
            <LatestMatchesItem key={match.id} match={match} />
          ))}
        </Stack>
        {shown.length < matches.data.length && (
          <Button variant="subtle" onClick={() => setShowAll(true)}>
            Mostra tutti i {matches.data.length} match
          </Button>
        )}
      </>
    );
  }

  return (
    <Stack component="section" aria-labelledby={titleId} gap="sm">
      <Title id={titleId} order={2} size="h3">
        Ultimi Match
      </Title>
      {content}
    </Stack>
  );
}
