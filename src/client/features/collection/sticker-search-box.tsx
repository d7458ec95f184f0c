import { ActionIcon, Group, TextInput } from '@mantine/core';
import { IconSearch, IconX } from '@tabler/icons-react';
import { memo, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import classes from './sticker-search-box.module.css';

type Props = { value: string; onChange: (query: string) => void };

/**
 * 'Cerca numero o nome': the opened album's list narrows as the collector types. Numbers are what is
 * searched most, so the phone shows its numeric keypad; 'ABC' switches to letters (names, `ITA 3`).
 */
export const StickerSearchBox = memo(function StickerSearchBox({ value, onChange }: Props) {
  const input = useRef<HTMLInputElement>(null);
  const [letters, setLetters] = useState(false);
  const clear = () => {
    onChange('');
    input.current?.focus();
  };
  const toggleLetters = () => {
    flushSync(() => setLetters((current) => !current));
    // A phone picks its keyboard when the box gets the focus: blurred and focused again, it shows the other.
    input.current?.blur();
    input.current?.focus();
  };
  return (
    <TextInput
      ref={input}
      type="search"
      size="md"
      aria-label="Cerca numero o nome"
      placeholder="Cerca numero o nome"
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      onKeyDown={(event) => {
        // The list is already narrowed: Enter only puts the keyboard away, to see it.
        if (event.key === 'Enter') event.currentTarget.blur();
        if (event.key === 'Escape') onChange('');
      }}
      autoComplete="off"
      autoCorrect="off"
      autoCapitalize="off"
      spellCheck={false}
      enterKeyHint="search"
      inputMode={letters ? 'text' : 'numeric'}
      leftSection={<IconSearch size={20} aria-hidden />}
      rightSectionWidth={value ? 92 : 48}
      rightSection={
        <Group gap={4} wrap="nowrap">
          {value && (
            <ActionIcon
              size={44}
              variant="subtle"
              color="gray"
              aria-label="Cancella la ricerca"
              onClick={clear}
            >
              <IconX size={20} aria-hidden />
            </ActionIcon>
          )}
          <ActionIcon
            size={44}
            variant="light"
            fz="xs"
            fw={700}
            aria-label={letters ? 'Tastiera numerica (123)' : 'Tastiera con lettere (ABC)'}
            // The box keeps the focus, so the phone's keyboard stays open.
            onMouseDown={(event) => event.preventDefault()}
            onClick={toggleLetters}
          >
            {letters ? '123' : 'ABC'}
          </ActionIcon>
        </Group>
      }
      classNames={{ input: classes.input }}
    />
  );
});
