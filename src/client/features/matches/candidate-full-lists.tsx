import { Button, Group, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { errorMessage } from '../../shared/api/error-message.ts';
import { trpc } from '../../shared/api/trpc.ts';
import { displayNumber } from '../../shared/format/sticker-number.ts';
import { cutListLabel } from './candidate-summary.ts';

type Props = { albumId: number; userId: number; id: string };

/** An opened card: everything we could swap, both ways, number and name (asked for when opened). */
export function CandidateFullLists({ albumId, userId, id }: Props) {
  const lists = trpc.matches.exchanges.useQuery({ albumId, userId });

  let content: React.ReactNode;
  if (lists.isPending) {
    content = (
      <Stack gap={8} role="status" aria-label="Caricamento delle figurine">
        {[0, 1, 2, 3].map((key) => (
          <Skeleton key={key} height={16} width={key % 2 ? '70%' : '85%'} />
        ))}
      </Stack>
    );
  } else if (lists.isError) {
    content = (
      <Group justify="space-between" role="alert" wrap="nowrap">
        <Text size="sm" c="red.7">
          {errorMessage(lists.error, 'Errore nel caricamento delle figurine')}
        </Text>
        <Button variant="light" size="sm" h={44} onClick={() => void lists.refetch()}>
          Riprova
        </Button>
      </Group>
    );
  } else {
    content = (
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
        <StickerList title="Tu dai" list={lists.data.give} empty="Non cerca nessuna delle tue doppie" />
        <StickerList title="Ricevi" list={lists.data.receive} empty="Niente da ricevere" />
      </SimpleGrid>
    );
  }
  return (
    <Stack id={id} gap="xs" pt="xs" style={{ borderTop: '1px solid var(--mantine-color-gray-2)' }}>
      {content}
    </Stack>
  );
}

type List = { count: number; stickers: { number: string; name: string }[] };

function StickerList({ title, list, empty }: { title: string; list: List; empty: string }) {
  const cut = cutListLabel(list.count, list.stickers.length);
  return (
    <Stack gap={4}>
      <Text size="xs" fw={700} c="dimmed" tt="uppercase">
        {title} · {list.count}
      </Text>
      {list.count === 0 ? (
        <Text size="sm" c="dimmed">
          {empty}
        </Text>
      ) : (
        <Stack component="ul" gap={2} m={0} p={0} aria-label={title} style={{ listStyle: 'none' }}>
          {list.stickers.map((sticker) => (
            <Group component="li" key={sticker.number} gap="xs" wrap="nowrap" align="baseline">
              <Text size="sm" fw={700} c="indigo.9" miw={40} style={{ flexShrink: 0 }}>
                {displayNumber(sticker.number)}
              </Text>
              <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                {sticker.name}
              </Text>
            </Group>
          ))}
        </Stack>
      )}
      {cut && (
        <Text size="sm" c="dimmed">
          {cut}
        </Text>
      )}
    </Stack>
  );
}
