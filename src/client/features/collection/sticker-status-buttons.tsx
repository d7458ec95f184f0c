import { ActionIcon, Group, Text } from '@mantine/core';
import { IconCheck, IconX } from '@tabler/icons-react';
import { type StickerStatus, toggledDouble } from './sticker-status.ts';
import { useLongPress } from './use-long-press.ts';

type Props = {
  status: StickerStatus;
  /** On a double: its spare copies, shown as `+2`. */
  spares?: number | undefined;
  describedBy: string;
  onChange: (status: StickerStatus) => void;
  /** A long press on the double button: where the spare copies are set. */
  onSetSpares?: (() => void) | undefined;
};

const SIZE = 44;

/**
 * The three buttons of a sticker row (spec §4). Have is pressed while I own the sticker, a double
 * included (a double is a sticker I have, and one more); missing while I don't; double while it is
 * double. Have sets yes, missing sets no, double toggles yes and double and cannot be used on a missing
 * sticker; on a double it shows the spare copies (`+2`), and a long press on it sets them.
 */
export function StickerStatusButtons({ status, spares, describedBy, onChange, onSetSpares }: Props) {
  const double = toggledDouble(status);
  const owned = status !== 'no';
  const doubleHandlers = useLongPress(() => double && onChange(double), onSetSpares);
  return (
    <Group gap={4} wrap="nowrap">
      <ActionIcon
        size={SIZE}
        color="teal"
        variant={owned ? 'filled' : 'default'}
        aria-label="Posseduta"
        aria-pressed={owned}
        aria-describedby={describedBy}
        onClick={() => onChange('yes')}
      >
        <IconCheck size={22} aria-hidden />
      </ActionIcon>
      <ActionIcon
        size={SIZE}
        color="red"
        variant={status === 'no' ? 'light' : 'default'}
        aria-label="Mancante"
        aria-pressed={status === 'no'}
        aria-describedby={describedBy}
        onClick={() => onChange('no')}
      >
        <IconX size={22} aria-hidden />
      </ActionIcon>
      <ActionIcon
        size={SIZE}
        color="orange"
        variant={status === 'double' ? 'filled' : 'default'}
        aria-label="Doppia"
        aria-pressed={status === 'double'}
        aria-describedby={describedBy}
        disabled={double === undefined}
        {...doubleHandlers}
      >
        {/* Dark on the filled orange: white on it reads 3:1, under WCAG AA's 4.5:1. */}
        <Text component="span" fw={800} fz="sm" c={status === 'double' ? 'gray.9' : undefined} aria-hidden>
          {status === 'double' ? `+${spares ?? 1}` : '×2'}
        </Text>
      </ActionIcon>
    </Group>
  );
}
