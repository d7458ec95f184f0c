import { Button, Center, Stack, Text } from '@mantine/core';
import { IconShare } from '@tabler/icons-react';
import { useState } from 'react';
import { QrCode } from '../../../shared/qr/qr-code.tsx';
import { shareOrCopy } from '../../../shared/share/share-or-copy.ts';

type Props = { link: string; title: string };

/**
 * A code as the other phone reads it: the QR code, and under it the same code as a link, to send by
 * WhatsApp or read aloud when the camera will not (the code is in the fragment: no server sees it).
 */
export function CodeBox({ link, title }: Props) {
  const [copied, setCopied] = useState<'copied' | 'failed' | null>(null);
  return (
    <Stack gap="sm" align="stretch">
      <Center>
        <QrCode text={link} size={320} />
      </Center>
      <Text
        size="xs"
        c="dimmed"
        ff="monospace"
        style={{ wordBreak: 'break-all', userSelect: 'all' }}
        data-testid="code-link"
      >
        {link}
      </Text>
      <Button
        variant="light"
        h={44}
        leftSection={<IconShare size={18} aria-hidden />}
        onClick={async () => {
          const outcome = await shareOrCopy({ title, text: link });
          if (outcome === 'copied' || outcome === 'failed') setCopied(outcome);
        }}
      >
        Condividi il link
      </Button>
      {copied === 'copied' && (
        <Text size="sm" role="status">
          Link copiato
        </Text>
      )}
      {copied === 'failed' && (
        <Text size="sm" role="status">
          Non è stato possibile copiare il link: selezionalo e copialo a mano.
        </Text>
      )}
    </Stack>
  );
}
