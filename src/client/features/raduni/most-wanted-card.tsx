import { Card, Group, Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { MOST_WANTED_SHARERS_MIN } from '../../../rpc/schemas/raduni.ts';
import { errorMessage } from '../../shared/api/error-message.ts';
import { trpc } from '../../shared/api/trpc.ts';
import { displayNumber } from '../../shared/format/sticker-number.ts';

type Counted = { number: string; name: string; count: number };

function CountList({ title, rows, label }: { title: string; rows: Counted[]; label: string }) {
  return (
    <Stack gap={4}>
      <Text fw={600} size="sm">
        {title}
      </Text>
      <ol aria-label={title} style={{ margin: 0, paddingLeft: 0, listStyle: 'none' }}>
        {rows.map((row) => (
          <li key={row.number}>
            <Text size="sm">
              <Text span fw={600}>
                {displayNumber(row.number)}
              </Text>{' '}
              <Text span c="dimmed" size="sm">
                {row.count} {label}
              </Text>
            </Text>
          </li>
        ))}
      </ol>
    </Stack>
  );
}

/**
 * 'Le più cercate qui' (issue 46, row 6): the stickers most missing and most offered among those who share —
 * counts only, no names — for the organiser and whoever goes: what to bring, what to ask for.
 */
export function MostWantedCard({ radunoId }: { radunoId: number }) {
  const counts = trpc.raduni.mostWanted.useQuery({ id: radunoId });
  let body: React.ReactNode;
  if (counts.isPending) {
    body = (
      <Group justify="center" role="status">
        <Loader size="sm" aria-label="Caricamento delle più cercate" />
      </Group>
    );
  } else if (counts.isError) {
    body = <Text c="dimmed">{errorMessage(counts.error, 'Le più cercate non sono disponibili ora')}</Text>;
  } else if (counts.data.sharers < MOST_WANTED_SHARERS_MIN) {
    body = (
      <Text c="dimmed">
        Si contano quando almeno {MOST_WANTED_SHARERS_MIN} altri collezionisti che ci vanno condividono le
        liste.
      </Text>
    );
  } else {
    body = (
      <>
        <Text size="sm" c="dimmed">
          Tra gli altri {counts.data.sharers} che condividono, per {counts.data.album.name}: solo i conteggi.
        </Text>
        <SimpleGrid cols={2} spacing="md">
          <CountList title="Le cercano" rows={counts.data.cercate} label="la cercano" />
          <CountList title="Le offrono" rows={counts.data.offerte} label="la offrono" />
        </SimpleGrid>
      </>
    );
  }
  return (
    <Card withBorder radius="md" padding="md">
      <Stack gap="sm">
        <Title order={2} size="h4">
          Le più cercate qui
        </Title>
        {body}
      </Stack>
    </Card>
  );
}
