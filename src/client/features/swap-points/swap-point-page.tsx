import { Badge, Card, Group, Loader, Stack, Table, Text, Title } from '@mantine/core';
import { useParams } from '@tanstack/react-router';
import { SWAP_POINT_KIND_LABELS } from '../../../rpc/schemas/swap-points.ts';
import { errorMessage } from '../../shared/api/error-message.ts';
import { trpc } from '../../shared/api/trpc.ts';
import { placeText } from '../../shared/format/place.ts';
import { BackHeader } from '../../shared/ui/back-header.tsx';
import { LoadFailure } from '../../shared/ui/load-failure.tsx';
import { weekLines } from './opening-hours.ts';
import { SwapPointKindIcon } from './swap-point-kind-icon.tsx';

const STATE_NOTES = {
  proposto:
    'In attesa di verifica: un amministratore controllerà il luogo prima che ci si possa incontrare qui.',
  chiuso: 'Questo Punto Scambio non è più attivo.',
} as const;

/** /punti-scambio/:id: where a place is and when it is open, every day of the week. */
export function SwapPointPage() {
  const { puntoId } = useParams({ from: '/_authed/punti-scambio/$puntoId' });
  const point = trpc.swapPoints.get.useQuery({ id: puntoId });

  let content: React.ReactNode;
  if (point.isPending) {
    content = (
      <Group justify="center" py="xl" role="status">
        <Loader aria-label="Caricamento del Punto Scambio" />
      </Group>
    );
  } else if (point.isError) {
    content = (
      <LoadFailure
        message={errorMessage(point.error, 'Errore nel caricamento del Punto Scambio')}
        onRetry={() => void point.refetch()}
      />
    );
  } else {
    const place = point.data;
    content = (
      <Stack gap="md">
        <Group gap="sm" wrap="nowrap">
          <SwapPointKindIcon kind={place.kind} />
          <Text fw={600}>{SWAP_POINT_KIND_LABELS[place.kind]}</Text>
          {place.state !== 'verificato' && (
            <Badge color={place.state === 'chiuso' ? 'gray' : 'yellow'} variant="light">
              {place.state === 'chiuso' ? 'Chiuso' : 'Da verificare'}
            </Badge>
          )}
        </Group>
        {place.state !== 'verificato' && <Text c="dimmed">{STATE_NOTES[place.state]}</Text>}
        <Card withBorder radius="md" padding="md">
          <Text fw={600}>{place.address}</Text>
          <Text size="sm" c="dimmed">
            {place.cap} {place.comune ?? ''}
            {place.distanceKm !== null && ` · ${placeText({ comune: null, distanceKm: place.distanceKm })}`}
          </Text>
          {place.note !== '' && <Text mt="xs">{place.note}</Text>}
        </Card>
        <Stack gap={4}>
          <Title order={2} size="h4">
            Orari di apertura
          </Title>
          <Table aria-label="Orari di apertura" verticalSpacing={6}>
            <Table.Tbody>
              {weekLines(place.openingHours).map((line) => (
                <Table.Tr key={line.day}>
                  <Table.Th
                    scope="row"
                    ta="left"
                    w="40%"
                    style={{ textTransform: 'capitalize', fontWeight: 500 }}
                  >
                    {line.day}
                  </Table.Th>
                  <Table.Td c={line.text === 'chiuso' ? 'dimmed' : undefined}>{line.text}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Stack>
      </Stack>
    );
  }

  return (
    <Stack gap="md">
      <BackHeader back="/punti-scambio" title={point.data?.name ?? 'Punto Scambio'} />
      {content}
    </Stack>
  );
}
