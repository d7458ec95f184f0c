import { ActionIcon, Group, Stack, Text, Textarea } from '@mantine/core';
import { IconSend } from '@tabler/icons-react';
import { useState } from 'react';
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
  // Undefined until the collector enters the field: the field shows the ready-made text meanwhile. Shown,
  // not copied in by an effect: copied, it could land between a select-all and the typing when it came
  // the instant the collector entered the field, and the two went out together (r20, r70).
  const [text, setText] = useState<string | undefined>(undefined);
  const shown = text ?? draft ?? '';
  const content = shown.trim();

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
          value={shown}
          // Entering the field makes what it shows the collector's own: a ready-made text arriving later stays out.
          onFocus={() => setText((current) => current ?? draft ?? '')}
          onChange={(event) => setText(event.currentTarget.value)}
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
