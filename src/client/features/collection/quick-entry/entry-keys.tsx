import { Button, Group } from '@mantine/core';
import type { MouseEvent } from 'react';

type Props = {
  /** Whether the phone shows its keyboard with letters (else the numeric keypad). */
  letters: boolean;
  onToggleLetters: () => void;
  onInsert: (text: string) => void;
};

/** A key must not take the focus from the box: the phone's keyboard would close and open again. */
const keepFocus = (event: MouseEvent) => event.preventDefault();

// `manipulation`: two quick taps are two keys, never a double-tap zoom that swallows the second.
const KEY = {
  variant: 'default',
  size: 'md',
  h: 44,
  miw: 52,
  style: { touchAction: 'manipulation' },
  onMouseDown: keepFocus,
} as const;

/**
 * The keys the phone's numeric keypad lacks (an iPhone's has digits only): the range dash and the
 * comma, and the switch to the keyboard with letters for codes like `ITA 3`, and back.
 */
export function EntryKeys({ letters, onToggleLetters, onInsert }: Props) {
  return (
    <Group gap="xs" wrap="nowrap">
      <Button {...KEY} fz="xl" aria-label="Trattino (da… a…)" onClick={() => onInsert('-')}>
        -
      </Button>
      <Button {...KEY} fz="xl" aria-label="Virgola" onClick={() => onInsert(', ')}>
        ,
      </Button>
      <Button
        {...KEY}
        ml="auto"
        variant="light"
        aria-label={letters ? 'Tastiera numerica (123)' : 'Tastiera con lettere (ABC)'}
        onClick={onToggleLetters}
      >
        {letters ? '123' : 'ABC'}
      </Button>
    </Group>
  );
}
