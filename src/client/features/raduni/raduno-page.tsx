import { Alert, Anchor, Card, Group, Loader, Stack, Text } from '@mantine/core';
import { Link, useParams } from '@tanstack/react-router';
import { errorMessage } from '../../shared/api/error-message.ts';
import { trpc } from '../../shared/api/trpc.ts';
import { BackHeader } from '../../shared/ui/back-header.tsx';
import { LoadFailure } from '../../shared/ui/load-failure.tsx';
import { AfterRadunoCard } from './after-raduno-card.tsx';
import { GoingCard } from './going-card.tsx';
import { MostWantedCard } from './most-wanted-card.tsx';
import { OrganiserCard } from './organiser-card.tsx';
import { PrepareCard } from './prepare-card.tsx';
import { hasEnded, RADUNO_KIND_LABELS, radunoWhen } from './raduni-queries.ts';

const goingText = (going: number, ended: boolean) =>
  going === 1
    ? `1 collezionista ${ended ? "c'è andato" : 'ci va'}`
    : `${going} collezionisti ${ended ? 'ci sono andati' : 'ci vanno'}`;

/**
 * /raduni/:id (issue 46): a meet — what, when, where, for which albums and how many go —, 'Ci vado' with
 * sharing, 'Preparati', 'Le più cercate qui', the organiser's part, and "Com'è andata?" once it is over.
 * Kept on the device: offline it shows what was seen online.
 */
export function RadunoPage() {
  const { radunoId } = useParams({ from: '/_authed/raduni/$radunoId' });
  const raduno = trpc.raduni.get.useQuery({ id: radunoId });

  let content: React.ReactNode;
  if (raduno.isPending) {
    content = (
      <Group justify="center" py="xl" role="status">
        <Loader aria-label="Caricamento del raduno" />
      </Group>
    );
  } else if (raduno.isError && !raduno.data) {
    content = (
      <LoadFailure
        message={errorMessage(raduno.error, 'Errore nel caricamento del raduno')}
        onRetry={() => void raduno.refetch()}
      />
    );
  } else {
    const meet = raduno.data;
    const ended = hasEnded(meet);
    const mine = meet.mine;
    content = (
      <Stack gap="md">
        {meet.cancelled && (
          <Alert color="red" variant="light" title="Il raduno è stato annullato">
            Chi ci andava ha ricevuto un avviso.
          </Alert>
        )}
        {ended && !meet.cancelled && <Alert variant="light">Il raduno è finito.</Alert>}
        <Card withBorder radius="md" padding="md">
          <Stack gap={4}>
            <Text fw={600}>{radunoWhen(meet)}</Text>
            <Anchor
              renderRoot={(props) => (
                <Link {...props} to="/punti-scambio/$puntoId" params={{ puntoId: meet.place.id }} />
              )}
            >
              {meet.place.name}
            </Anchor>
            <Text size="sm" c="dimmed">
              {meet.place.address}
              {meet.place.comune ? `, ${meet.place.comune}` : ''}
            </Text>
            <Text size="sm">
              {RADUNO_KIND_LABELS[meet.kind]} per {meet.albums.map((album) => album.name).join(', ')}
            </Text>
            <Text size="sm" fw={600}>
              {goingText(meet.going, ended)}
            </Text>
          </Stack>
        </Card>
        {!ended && !meet.cancelled && <GoingCard key={mine ? 'going' : 'not'} raduno={meet} />}
        {!ended && !meet.cancelled && mine && <PrepareCard raduno={{ ...meet, mine }} />}
        {ended && mine && <AfterRadunoCard radunoId={meet.id} />}
        {(mine?.condividi || meet.organiser) && !meet.cancelled && <MostWantedCard radunoId={meet.id} />}
        {meet.organiser && !ended && <OrganiserCard raduno={meet} />}
      </Stack>
    );
  }

  return (
    <Stack gap="md">
      <BackHeader back="/raduni" title={raduno.data?.title ?? 'Raduno'} />
      {content}
    </Stack>
  );
}
