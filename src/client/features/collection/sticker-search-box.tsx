import { ActionIcon, TextInput } from '@mantine/core';
import { IconSearch, IconX } from '@tabler/icons-react';
import { memo, useRef } from 'react';
import classes from './sticker-search-box.module.css';

type Props = { value: string; onChange: (query: string) => void };

/** 'Cerca numero o nome': the opened album's list narrows as the collector types. */
export const StickerSearchBox = memo(function StickerSearchBox({ value, onChange }: Props) {
  const input = useRef<HTMLInputElement>(null);
  const clear = () => {
    onChange('');
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
      leftSection={<IconSearch size={20} aria-hidden />}
      rightSectionWidth={44}
      rightSection={
        value && (
          <ActionIcon
            size={44}
            variant="subtle"
            color="gray"
            aria-label="Cancella la ricerca"
            onClick={clear}
          >
            <IconX size={20} aria-hidden />
          </ActionIcon>
        )
      }
      classNames={{ input: classes.input }}
    />
  );
});
