import { Button, Group, Stack, Text } from '@mantine/core';
import { CHAT_PHRASES } from '../../../rpc/schemas/chat.ts';

type Props = {
  /** Resolves true once the phrase is stored. */
  onSend: (content: string) => Promise<boolean>;
  sending: boolean;
};

/**
 * Instead of the input, between an adult and a minor (issue 45, row 4): the set phrases, one tap each. The
 * server takes nothing else from them, so nothing else is offered.
 */
export function PhraseComposer({ onSend, sending }: Props) {
  return (
    <Stack gap={6} pt="sm" style={{ borderTop: '1px solid var(--mantine-color-gray-2)' }}>
      <Text size="sm" c="dimmed">
        Tra un adulto e un minorenne si usano solo frasi pronte
      </Text>
      <Group gap={6} role="group" aria-label="Frasi pronte">
        {CHAT_PHRASES.map((phrase) => (
          <Button
            key={phrase}
            variant="light"
            radius="xl"
            size="sm"
            h={44}
            disabled={sending}
            onClick={() => void onSend(phrase)}
          >
            {phrase}
          </Button>
        ))}
      </Group>
    </Stack>
  );
}
