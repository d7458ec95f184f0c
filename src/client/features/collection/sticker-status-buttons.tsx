import { ActionIcon, Group, Text } from '@mantine/core';
import { IconCheck, IconX } from '@tabler/icons-react';
import { type StickerStatus, toggledDouble } from './sticker-status.ts';

type Props = {
  status: StickerStatus;
  /** On a double: its spare copies (×3 for two). */
  spares?: number | undefined;
  describedBy: string;
  onChange: (status: StickerStatus) => void;
};

const SIZE = 44;

/**
 * The three buttons of a sticker row (spec §4). Have is pressed while I own the sticker, a double
 * included (a double is a sticker I have, and one more); missing while I don't; double while it is
 * double. Have sets yes, missing sets no, double toggles yes and double and cannot be used on a missing
 * sticker.
 */
export function StickerStatusButtons({ status, spares, describedBy, onChange }: Props) {
  const double = toggledDouble(status);
  const owned = status !== 'no';
  return (
    <Group gap={4} wrap="nowrap">
      <ActionIcon
        size={SIZE}
        color="teal"
        variant={owned ? 'filled' : 'default'}
        aria-label="Ce l'ho"
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
        aria-label="Mi manca"
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
        onClick={() => double && onChange(double)}
      >
        <Text component="span" fw={800} fz="sm" aria-hidden>
          ×{status === 'double' && spares ? spares + 1 : 2}
        </Text>
      </ActionIcon>
    </Group>
  );
}
