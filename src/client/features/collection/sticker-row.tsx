import { Badge, Box, Group, Text, UnstyledButton } from '@mantine/core';
import { memo, useId, useState } from 'react';
import { STICKER_KIND_LABELS } from '../../../rpc/schemas/stickers.ts';
import { kindOf } from '../../shared/completion/counted-stickers.ts';
import { displayNumber } from '../../shared/format/sticker-number.ts';
import type { Sticker } from './album-queries.ts';
import { PromiseWarning } from './promise-warning.tsx';
import type { StickerStatus } from './sticker-status.ts';
import { StickerStatusButtons } from './sticker-status-buttons.tsx';
import { useSetStickerStatus } from './use-set-sticker-status.ts';
import { useStickerPromise } from './use-sticker-promise.ts';
import { useStickerSpares } from './use-sticker-spares.ts';

/**
 * The number as its cell in the grid reads: plain when missing, white on teal when owned, dark on orange
 * when double. Each pair reads at least 4.5:1 (WCAG AA); no Mantine orange does as text on white.
 */
const NUMBER_LOOKS: Record<StickerStatus, { c: string; bg?: string }> = {
  no: { c: 'gray.7' },
  yes: { c: 'white', bg: 'teal.9' },
  double: { c: 'gray.9', bg: 'orange.6' },
};

type Props = {
  albumId: number;
  sticker: Sticker;
  status: StickerStatus;
  /** The latest tap on it has not reached the server yet. */
  unsaved: boolean;
  /** No longer in the filter: greyed until the filter changes. */
  faded: boolean;
  onOpen: (stickerId: number) => void;
};

/** One sticker: number, name and team open its details; the buttons set the collector's status. */
export const StickerRow = memo(function StickerRow({
  albumId,
  sticker,
  status,
  unsaved,
  faded,
  onOpen,
}: Props) {
  const setStatus = useSetStickerStatus(albumId, sticker);
  const spares = useStickerSpares(albumId, sticker.id);
  const promise = useStickerPromise(albumId, sticker.id);
  // The status a tap asked for, held while the promise warning asks what to do with the swap.
  const [held, setHeld] = useState<StickerStatus | null>(null);
  const labelId = useId();
  const number = displayNumber(sticker.number);
  const kind = kindOf(sticker);
  return (
    <Group
      h="100%"
      gap="xs"
      wrap="nowrap"
      data-faded={faded || undefined}
      style={{ borderBottom: '1px solid var(--mantine-color-gray-2)', opacity: faded ? 0.45 : undefined }}
    >
      <UnstyledButton
        id={labelId}
        onClick={() => onOpen(sticker.id)}
        style={{ flex: 1, minWidth: 0, alignSelf: 'stretch', display: 'flex', alignItems: 'center', gap: 8 }}
      >
        <Text
          component="span"
          fw={800}
          ff="monospace"
          fz={number.length > 4 ? 'xs' : 'md'}
          w={46}
          ta="center"
          py={2}
          {...NUMBER_LOOKS[status]}
          style={{ flexShrink: 0, whiteSpace: 'nowrap', borderRadius: 'var(--mantine-radius-sm)' }}
        >
          {number}
        </Text>
        <Box component="span" miw={0} style={{ display: 'flex', flexDirection: 'column' }}>
          {/*
            Two lines, or three where no team line sits below: names that start alike ('Cervo volante: …')
            must differ on screen.
          */}
          <Text component="span" fw={600} lh={1.25} lineClamp={sticker.team || unsaved ? 2 : 3}>
            {kind !== 'base' && (
              <Badge
                component="span"
                size="xs"
                variant="outline"
                color={kind === 'extra' ? 'grape.9' : 'indigo.9'}
                mr={6}
                style={{ verticalAlign: 'middle' }}
              >
                {STICKER_KIND_LABELS[kind]}
              </Badge>
            )}
            {sticker.name}
          </Text>
          {promise && !unsaved ? (
            // Smaller than the team it replaces: 'Promessa a' and an 8-letter nickname fit beside the buttons.
            <Text component="span" size="xs" lh={1.3} c="indigo.7" fw={600} truncate>
              Promessa a {promise.nickname}
            </Text>
          ) : unsaved ? (
            // In place of the team, so the row keeps its height: this tap waits for the connection.
            <Text component="span" size="sm" lh={1.3} c="dark.7" fw={700}>
              Non ancora salvata
            </Text>
          ) : (
            sticker.team && (
              <Text component="span" size="sm" lh={1.3} c="dimmed" truncate>
                {sticker.team}
              </Text>
            )
          )}
        </Box>
      </UnstyledButton>
      <StickerStatusButtons
        status={status}
        spares={spares}
        describedBy={labelId}
        onChange={(next) => {
          if (next === status) return;
          if (promise && status === 'double') setHeld(next);
          else setStatus(next, status);
        }}
        onSetSpares={() => {
          // Held on a sticker I only have: it becomes a double, and its details show the stepper.
          if (status === 'yes') setStatus('double', status);
          onOpen(sticker.id);
        }}
      />
      {promise && held && (
        <PromiseWarning
          number={sticker.number}
          promise={promise}
          onApply={() => setStatus(held, status)}
          onClose={() => setHeld(null)}
        />
      )}
    </Group>
  );
});
