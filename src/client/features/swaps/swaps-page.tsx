import '../../shared/ui/segmented-control-mantine.css';
import { Box, Group, Loader, SegmentedControl, Stack, Text } from '@mantine/core';
import { useSearch } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { errorMessage } from '../../shared/api/error-message.ts';
import { trpc } from '../../shared/api/trpc.ts';
import { useCurrentUser } from '../../shared/session/use-current-user.ts';
import { LiveSwapCard } from '../../shared/swaps/live-swap-card.tsx';
import { isOpen } from '../../shared/swaps/swap-view.ts';
import { useSwapActions } from '../../shared/swaps/use-swap-actions.ts';
import { BackHeader } from '../../shared/ui/back-header.tsx';
import { FullPageLoader } from '../../shared/ui/full-page-loader.tsx';
import { LoadFailure } from '../../shared/ui/load-failure.tsx';

type Tab = 'aperti' | 'passati';

const HIGHLIGHT = {
  borderRadius: 'var(--mantine-radius-md)',
  boxShadow: '0 0 0 3px var(--mantine-color-indigo-4)',
} as const;

/**
 * /scambi: my swaps in both directions, the open ones (answer, confirm) apart from the history.
 * `?scambio=<id>` (a notification's link) opens the tab holding that swap, brings its card into view and
 * rings it.
 */
export function SwapsPage() {
  const { user } = useCurrentUser();
  const { scambio } = useSearch({ from: '/_authed/scambi' });
  const [chosenTab, setTab] = useState<Tab | null>(null);
  const swaps = trpc.swaps.list.useQuery({});
  const actions = useSwapActions();
  const target = swaps.data?.find((swap) => swap.id === scambio);
  const tab = chosenTab ?? (target && !isOpen(target) ? 'passati' : 'aperti');
  const targetCard = useRef<HTMLDivElement>(null);
  const shownTarget = target !== undefined && isOpen(target) === (tab === 'aperti');
  useEffect(() => {
    if (shownTarget) targetCard.current?.scrollIntoView({ block: 'center' });
  }, [shownTarget]);
  if (!user) return <FullPageLoader />;

  let content: React.ReactNode;
  if (swaps.isPending) {
    content = (
      <Group justify="center" py="xl" role="status">
        <Loader aria-label="Caricamento degli scambi" />
      </Group>
    );
  } else if (swaps.isError) {
    content = (
      <LoadFailure
        message={errorMessage(swaps.error, 'Errore nel caricamento degli scambi')}
        onRetry={() => void swaps.refetch()}
      />
    );
  } else {
    const shown = swaps.data.filter((swap) => isOpen(swap) === (tab === 'aperti'));
    content =
      shown.length === 0 ? (
        <Stack align="center" gap={4} py="xl">
          <Text fw={600}>{tab === 'aperti' ? 'Nessuno scambio in corso' : 'Nessuno scambio passato'}</Text>
          <Text c="dimmed" ta="center">
            Proponi uno scambio dalla pagina Match o da una chat
          </Text>
        </Stack>
      ) : (
        <Stack gap="sm" aria-label={tab === 'aperti' ? 'Scambi in corso' : 'Scambi passati'}>
          {shown.map((swap) =>
            swap.id === scambio ? (
              <Box key={swap.id} ref={targetCard} aria-current="true" style={HIGHLIGHT}>
                <LiveSwapCard swap={swap} meId={user.id} actions={actions} showOther />
              </Box>
            ) : (
              <LiveSwapCard key={swap.id} swap={swap} meId={user.id} actions={actions} showOther />
            ),
          )}
        </Stack>
      );
  }

  return (
    <Stack gap="md">
      <BackHeader back="/match" title={'Scambi'} />
      <SegmentedControl
        fullWidth
        size="md"
        value={tab}
        onChange={(value) => setTab(value as Tab)}
        data={[
          { value: 'aperti', label: 'In corso' },
          { value: 'passati', label: 'Passati' },
        ]}
      />
      {content}
    </Stack>
  );
}
