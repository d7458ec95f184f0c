import { Button, Card, Group, Stack, Text } from '@mantine/core';
import { STICKER_FILTERS, type StickerFilter } from './sticker-filter.ts';

type Props = {
  filter: StickerFilter;
  /** The search as typed; blank when not searching. */
  query: string;
  onFilter: (filter: StickerFilter) => void;
  onClearQuery: () => void;
};

/** What the opened album says when nothing is shown: the filter's own message, or that the search found nothing. */
export function NoStickers({ filter, query, onFilter, onClearQuery }: Props) {
  const option = STICKER_FILTERS.find((candidate) => candidate.value === filter);
  const searched = query.trim();
  return (
    <Card withBorder padding="lg" radius="md">
      {searched ? (
        <Stack gap="sm" align="center">
          <Text ta="center" c="dimmed">
            {`Nessuna figurina trovata per “${searched}”${filter === 'all' ? '' : ` tra le ${option?.label}`}`}
          </Text>
          <Group gap="xs" justify="center">
            {filter !== 'all' && (
              <Button variant="light" onClick={() => onFilter('all')}>
                Cerca in Tutte
              </Button>
            )}
            <Button variant="subtle" onClick={onClearQuery}>
              Cancella la ricerca
            </Button>
          </Group>
        </Stack>
      ) : (
        <Text ta="center" c="dimmed">
          {option?.empty}
        </Text>
      )}
    </Card>
  );
}
