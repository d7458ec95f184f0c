import { Button, Card, Group, Loader, Stack, Text } from '@mantine/core';
import { IconChevronRight } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { SWAP_POINT_KIND_LABELS } from '../../../rpc/schemas/swap-points.ts';
import { errorMessage } from '../../shared/api/error-message.ts';
import { trpc } from '../../shared/api/trpc.ts';
import { placeText } from '../../shared/format/place.ts';
import { BackHeader } from '../../shared/ui/back-header.tsx';
import { LoadFailure } from '../../shared/ui/load-failure.tsx';
import { SuggestSwapPointDialog } from './suggest-swap-point-dialog.tsx';
import { SwapPointKindIcon } from './swap-point-kind-icon.tsx';

/**
 * /punti-scambio: the verified public places near me where collectors meet to swap (an edicola, a
 * library, an oratorio), nearest first, each opening its page with the hours; and 'Suggerisci un luogo'.
 */
export function SwapPointsPage() {
  const points = trpc.swapPoints.near.useQuery(undefined);
  const [suggesting, setSuggesting] = useState(false);

  let content: React.ReactNode;
  if (points.isPending) {
    content = (
      <Group justify="center" py="xl" role="status">
        <Loader aria-label="Caricamento dei Punti Scambio" />
      </Group>
    );
  } else if (points.isError) {
    content = (
      <LoadFailure
        message={errorMessage(points.error, 'Errore nel caricamento dei Punti Scambio')}
        onRetry={() => void points.refetch()}
      />
    );
  } else if (points.data.length === 0) {
    content = (
      <Stack align="center" gap={4} py="xl">
        <Text fw={600}>Nessun Punto Scambio vicino a te</Text>
        <Text c="dimmed" ta="center">
          Conosci un'edicola o una biblioteca adatta? Suggeriscila qui sotto.
        </Text>
      </Stack>
    );
  } else {
    content = (
      <Stack
        gap="sm"
        component="ul"
        aria-label="Punti Scambio vicini"
        style={{ listStyle: 'none', padding: 0, margin: 0 }}
      >
        {points.data.map((point) => (
          <li key={point.id}>
            <Card
              withBorder
              radius="md"
              padding="md"
              renderRoot={(props) => (
                <Link {...props} to="/punti-scambio/$puntoId" params={{ puntoId: point.id }} />
              )}
              aria-label={point.name}
            >
              <Group wrap="nowrap" gap="sm">
                <SwapPointKindIcon kind={point.kind} />
                <Stack gap={0} style={{ flex: 1, minWidth: 0 }}>
                  <Text fw={600} truncate>
                    {point.name}
                  </Text>
                  <Text size="sm" c="dimmed">
                    {SWAP_POINT_KIND_LABELS[point.kind]} ·{' '}
                    {placeText({ comune: point.comune, distanceKm: point.distanceKm ?? 0 })}
                  </Text>
                  <Text size="sm">{point.address}</Text>
                </Stack>
                <IconChevronRight size={18} aria-hidden />
              </Group>
            </Card>
          </li>
        ))}
      </Stack>
    );
  }

  return (
    <Stack gap="md">
      <BackHeader back="/profile" title={'Punti Scambio'} />
      <Text c="dimmed">
        Luoghi pubblici dove incontrarsi per scambiare: edicole, cartolibrerie, biblioteche, oratori. Con un
        minorenne ci si incontra solo qui, negli orari di apertura.
      </Text>
      {content}
      <Button variant="light" h={48} onClick={() => setSuggesting(true)}>
        Suggerisci un luogo
      </Button>
      <SuggestSwapPointDialog opened={suggesting} onClose={() => setSuggesting(false)} />
    </Stack>
  );
}
