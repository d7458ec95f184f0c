import './swaps-mantine.css';
import { Badge, Checkbox, Group, Stack, Text } from '@mantine/core';
import { STICKER_KIND_LABELS, type StickerKind } from '../../../rpc/schemas/stickers.ts';
import { displayNumber } from '../format/sticker-number.ts';

/**
 * `offeredTo`: the collectors an open swap of mine already offers this sticker to; `kind`: marked when
 * speciale or extra (they are swapped like for like, issue 49).
 */
type Sticker = { number: string; name: string; kind: StickerKind; offeredTo?: readonly string[] };

type Props = {
  title: string;
  stickers: readonly Sticker[];
  chosen: ReadonlySet<string>;
  onToggle: (number: string) => void;
};

/**
 * One side of the chooser: a checkbox per sticker, the count chosen in the title, and under a sticker
 * already offered in another open swap, to whom.
 */
export function StickerChecklist({ title, stickers, chosen, onToggle }: Props) {
  return (
    <Stack component="fieldset" gap={0} m={0} p={0} style={{ border: 0 }}>
      <Group component="legend" justify="space-between" w="100%" p={0} mb={4}>
        <Text fw={700}>
          {title}: {chosen.size} di {stickers.length}
        </Text>
      </Group>
      {stickers.length === 0 && (
        <Text size="sm" c="dimmed">
          Nessuna figurina disponibile
        </Text>
      )}
      {stickers.map((sticker) => (
        <Checkbox
          key={sticker.number}
          size="md"
          checked={chosen.has(sticker.number)}
          onChange={() => onToggle(sticker.number)}
          label={
            <>
              {displayNumber(sticker.number)} {sticker.name}
              {sticker.kind !== 'base' && (
                <Badge
                  component="span"
                  size="xs"
                  variant="outline"
                  color={sticker.kind === 'extra' ? 'grape.9' : 'indigo.9'}
                  ml={6}
                  style={{ verticalAlign: 'middle' }}
                >
                  {STICKER_KIND_LABELS[sticker.kind]}
                </Badge>
              )}
            </>
          }
          description={
            sticker.offeredTo && sticker.offeredTo.length > 0
              ? `Già offerta a ${sticker.offeredTo.join(', ')}`
              : undefined
          }
          styles={{ body: { alignItems: 'center', minHeight: 44 } }}
        />
      ))}
    </Stack>
  );
}
