import { Paper, Text } from '@mantine/core';
import { type Completion, extrasText } from '../../shared/completion/counted-stickers.ts';

/** 'Extra: 3 di 20', apart from the album's completion (issue 49); nothing for an album with no extras. */
export function ExtrasBlock({ extras }: { extras: Completion['extras'] | undefined }) {
  if (!extras || extras.total === 0) return null;
  return (
    <Paper withBorder radius="md" px="sm" py={6} role="group" aria-label="Figurine extra">
      <Text fw={700} size="sm">
        {extrasText(extras)}
      </Text>
      <Text size="xs" c="dimmed">
        Non contano per il completamento dell'album
      </Text>
    </Paper>
  );
}
