import { Stack, Text } from '@mantine/core';
import { displayNumber } from '../format/sticker-number.ts';

type Sticker = { number: string; name: string };

/**
 * A side of a swap: its title with the count, then each sticker as '007 Nome'. An empty side is a gift's
 * (issue 49, row 5): one side gives doubles in regalo for nothing.
 */
export function StickerLines({ title, stickers }: { title: string; stickers: readonly Sticker[] }) {
  return (
    <Stack gap={2} miw={0} style={{ flex: 1 }}>
      <Text size="xs" fw={700} c="dimmed" tt="uppercase">
        {title} ({stickers.length})
      </Text>
      {stickers.length === 0 && (
        <Text size="sm" c="dimmed">
          Niente: è un regalo
        </Text>
      )}
      {stickers.map((sticker) => (
        <Text key={sticker.number} size="sm" lineClamp={2}>
          <Text span fw={700}>
            {displayNumber(sticker.number)}
          </Text>{' '}
          {sticker.name}
        </Text>
      ))}
    </Stack>
  );
}
