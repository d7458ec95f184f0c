import { Stack, Text } from '@mantine/core';
import { notFoundMessage, toMarkMessage, unreadableMessage } from './quick-entry-text.ts';

type Props = { count: number; notFound: readonly string[]; unreadable: readonly string[] };

/** While typing: how many stickers 'Segna figurine' will mark, and in red what it will not. */
export function QuickEntryPreview({ count, notFound, unreadable }: Props) {
  return (
    <Stack gap={2} role="status" aria-label="Anteprima">
      <Text size="sm" fw={600}>
        {toMarkMessage(count)}
      </Text>
      {notFound.length > 0 && (
        <Text size="sm" c="red.8">
          {notFoundMessage(notFound)}
        </Text>
      )}
      {unreadable.length > 0 && (
        <Text size="sm" c="red.8">
          {unreadableMessage(unreadable)}
        </Text>
      )}
    </Stack>
  );
}
