import { Button, Card, Group, Stack, Text } from '@mantine/core';
import { STICKER_FILTERS, type StickerFilter } from './sticker-filter.ts';

type Props = {
  filter: StickerFilter;
  /** The search as typed; blank when not searching. */
  query: string;
  onFilter: (filter: StickerFilter) => void;
  onClearQuery: () => void;
  /** The section chosen (issue 49), null for all; the search's message names it too. */
  section?: string | null;
  onClearSection?: () => void;
};

/** What the opened album says when nothing is shown: the filter's own message, or that the search found nothing. */
export function NoStickers({ filter, query, onFilter, onClearQuery, section, onClearSection }: Props) {
  const option = STICKER_FILTERS.find((candidate) => candidate.value === filter);
  const searched = query.trim();
  return (
    <Card withBorder padding="lg" radius="md">
      {section && !searched ? (
        // A filter's own message ('Hai tutte le figurine!') would speak of the whole album.
        <Stack gap="sm" align="center">
          <Text ta="center" c="dimmed">
            {`Nessuna figurina${filter === 'all' ? '' : ` tra le ${option?.label}`} nella sezione “${section}”`}
          </Text>
          <Button variant="light" onClick={onClearSection}>
            Tutte le sezioni
          </Button>
        </Stack>
      ) : searched ? (
        <Stack gap="sm" align="center">
          <Text ta="center" c="dimmed">
            {`Nessuna figurina trovata per “${searched}”${filter === 'all' ? '' : ` tra le ${option?.label}`}${section ? ` nella sezione “${section}”` : ''}`}
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
