import { Button, Stack, Text, Title } from '@mantine/core';
import { IconCalendarEvent, IconPlus } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { errorMessage } from '../../shared/api/error-message.ts';
import { trpc } from '../../shared/api/trpc.ts';
import { BackHeader } from '../../shared/ui/back-header.tsx';
import { ListState } from '../../shared/ui/list-state.tsx';
import { hasEnded, useRaduniNear } from './raduni-queries.ts';
import { RadunoListItem } from './raduno-list-item.tsx';

/**
 * /raduni (issue 46, row 8): the coming meets at the Punti Scambio near me for my albums, soonest first,
 * and those I went to lately. Kept on the device: offline it shows what was seen online.
 */
export function RaduniPage() {
  const raduni = useRaduniNear();
  const places = trpc.raduni.places.useQuery();
  const coming = raduni.data?.filter((raduno) => !hasEnded(raduno)) ?? [];
  const lately = raduni.data?.filter((raduno) => hasEnded(raduno) && raduno.mine) ?? [];
  return (
    <Stack gap="md">
      <BackHeader back="/" title="Raduni" />
      <Text c="dimmed">
        Mattine di scambio nei Punti Scambio vicino a te, per i tuoi album: di' che ci vai e, prima di uscire,
        scopri chi ha le tue mancanti.
      </Text>
      {coming.length === 0 && (
        <ListState
          loading={raduni.isPending}
          loadingText="Caricamento dei raduni"
          failure={
            raduni.isError &&
            !raduni.data && {
              message: errorMessage(raduni.error, 'Errore nel caricamento dei raduni'),
              onRetry: () => void raduni.refetch(),
            }
          }
          empty={{
            icon: IconCalendarEvent,
            title: 'Nessun raduno vicino',
            action: (
              <Button variant="light" h={44} renderRoot={(props) => <Link {...props} to="/punti-scambio" />}>
                Proponi un Punto Scambio
              </Button>
            ),
          }}
        />
      )}
      {places.data && places.data.length > 0 && (
        <Button
          h={44}
          variant="light"
          leftSection={<IconPlus size={18} aria-hidden />}
          renderRoot={(props) => <Link {...props} to="/raduni/nuovo" />}
        >
          Annuncia un raduno
        </Button>
      )}
      {coming.map((raduno) => (
        <RadunoListItem key={raduno.id} raduno={raduno} />
      ))}
      {lately.length > 0 && (
        <Stack gap="sm">
          <Title order={2} size="h4">
            Com'è andata?
          </Title>
          {lately.map((raduno) => (
            <RadunoListItem key={raduno.id} raduno={raduno} />
          ))}
        </Stack>
      )}
    </Stack>
  );
}
