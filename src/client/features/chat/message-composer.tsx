import { ActionIcon, Group, Stack, Text, Textarea } from '@mantine/core';
import { IconSend } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { MESSAGE_MAX } from '../../../rpc/schemas/chat.ts';

/** Apple's and WCAG's smallest comfortable tap target. */
const TAP_MIN = 44;

type Props = {
  /** Resolves true once the message is stored; the text stays for another try otherwise. */
  onSend: (content: string) => Promise<boolean>;
  sending: boolean;
  /** How many of my messages here wait, offline, for the connection to return. */
  waiting?: number;
  /** A ready-made text put in the input until the collector goes into it (never sent by itself). */
  draft?: string;
};

/** The input: Enter sends, Shift+Enter starts a new line; blank text is never sent. */
export function MessageComposer({ onSend, sending, waiting = 0, draft }: Props) {
  const [text, setText] = useState('');
  const typed = useRef(false);
  const content = text.trim();
  useEffect(() => {
    if (draft && !typed.current) setText(draft);
  }, [draft]);

  const send = async () => {
    if (content === '' || sending) return;
    if (await onSend(content)) setText('');
  };

  return (
    <Stack gap={4} pt="sm" style={{ borderTop: '1px solid var(--mantine-color-gray-2)' }}>
      {waiting > 0 && (
        <Text size="sm" c="dimmed" role="status" px="xs">
          {waiting === 1
            ? 'Sei offline: il messaggio verrà inviato quando torni online.'
            : 'Sei offline: i messaggi verranno inviati quando torni online.'}
        </Text>
      )}
      <Group
        component="form"
        gap="xs"
        wrap="nowrap"
        align="flex-end"
        onSubmit={(event) => {
          event.preventDefault();
          void send();
        }}
      >
        <Textarea
          aria-label="Messaggio"
          placeholder="Scrivi un messaggio..."
          value={text}
          // Once the collector is in the field, the ready-made text no longer arrives there: it landed under
          // their first keystrokes (between a select-all and the typing), and both went out (r20).
          onFocus={() => {
            typed.current = true;
          }}
          onChange={(event) => {
            typed.current = true;
            setText(event.currentTarget.value);
          }}
          onKeyDown={(event) => {
            // Not while an input method is composing a word: there Enter confirms the word.
            if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
              event.preventDefault();
              void send();
            }
          }}
          // Read-only, not disabled, while sending: the phone keeps its keyboard open for the next one.
          readOnly={sending}
          aria-busy={sending}
          maxLength={MESSAGE_MAX}
          autosize
          minRows={1}
          maxRows={5}
          radius="xl"
          // 16 px text (iOS zooms into smaller), and a field a thumb can hit.
          size="md"
          styles={{ input: { minHeight: TAP_MIN } }}
          enterKeyHint="send"
          style={{ flex: 1 }}
        />
        <ActionIcon
          type="submit"
          aria-label="Invia"
          size={TAP_MIN}
          radius="xl"
          loading={sending}
          disabled={content === ''}
          // Keeps the focus (and the phone's keyboard) in the input when the button is tapped.
          onMouseDown={(event) => event.preventDefault()}
        >
          <IconSend size={20} />
        </ActionIcon>
      </Group>
    </Stack>
  );
}
