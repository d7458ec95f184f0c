import { Button, Card, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { trpc } from '../../shared/api/trpc.ts';
import { ReportUserDialog } from '../../shared/reports/report-user-dialog.tsx';

const stickers = (count: number) => (count === 1 ? '1 figurina' : `${count} figurine`);

/**
 * "Com'è andata?" (issue 46, row 7), on the next online visit after a meet I went to: the swaps recorded
 * there, each to rate in Scambi or to report ('Figurine false', 'Comportamento verso un minore').
 */
export function AfterRadunoCard({ radunoId }: { radunoId: number }) {
  const swaps = trpc.raduni.swaps.useQuery({ id: radunoId });
  const [reporting, setReporting] = useState<{ id: number; nickname: string } | null>(null);
  let body: React.ReactNode;
  if (swaps.isPending) {
    body = (
      <Group justify="center" role="status">
        <Loader size="sm" aria-label="Caricamento degli scambi del raduno" />
      </Group>
    );
  } else if (!swaps.data || swaps.data.length === 0) {
    body = (
      <Text c="dimmed">
        Nessuno scambio registrato a questo raduno. Gli scambi fatti al tavolo con «Scambio dal vivo»
        compaiono qui.
      </Text>
    );
  } else {
    body = swaps.data.map((swap) => (
      <Card key={swap.swapId} withBorder radius="md" padding="sm">
        <Stack gap="xs">
          <Text>
            <Text span fw={600}>
              {swap.otherNickname}
            </Text>
            : hai dato {stickers(swap.gave)}, ricevuto {stickers(swap.received)}
          </Text>
          <Group gap="sm">
            {!swap.rated && (
              <Button
                h={44}
                variant="light"
                renderRoot={(props) => <Link {...props} to="/scambi" search={{ scambio: swap.swapId }} />}
              >
                Valuta
              </Button>
            )}
            <Button
              h={44}
              variant="outline"
              color="red.8"
              onClick={() => setReporting({ id: swap.otherId, nickname: swap.otherNickname })}
            >
              Segnala
            </Button>
          </Group>
        </Stack>
      </Card>
    ));
  }
  return (
    <Card withBorder radius="md" padding="md">
      <Stack gap="sm">
        <Title order={2} size="h4">
          Com'è andata?
        </Title>
        {body}
      </Stack>
      {reporting && <ReportUserDialog opened other={reporting} onClose={() => setReporting(null)} />}
    </Card>
  );
}
