import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useClipboard } from '@mantine/hooks';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { useMemo } from 'react';
import { useLastSelected } from '../use-last-selected.ts';
import type { AdminReport } from './admin-report.ts';
import { buildReplitPrompt } from './replit-prompt.ts';

/** The spec's 'Copied' indicator lasts 2 s. */
const COPIED_FOR_MS = 2000;

type Props = { reports: AdminReport[] | null; onClose: () => void };

/** 'Testo per Replit': the debugging prompt for the chosen reports, to copy into the assistant. */
export function ReplitPromptDialog({ reports: open, onClose }: Props) {
  const clipboard = useClipboard({ timeout: COPIED_FOR_MS });
  const reports = useLastSelected(open);
  const prompt = useMemo(() => (reports ? buildReplitPrompt(reports) : ''), [reports]);
  const close = () => {
    clipboard.reset();
    onClose();
  };
  return (
    <Modal opened={open !== null} onClose={close} title="Testo per Replit" size="xl" centered>
      <Stack gap="sm">
        <Textarea
          label="Prompt"
          description="Copialo e incollalo nell'assistente di Replit."
          value={prompt}
          readOnly
          autosize
          minRows={6}
          maxRows={16}
          styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', fontSize: 13 } }}
        />
        {clipboard.error && (
          <Text size="sm" c="red.7" role="alert">
            Copia non riuscita: seleziona il testo e copialo a mano.
          </Text>
        )}
        <Group justify="flex-end">
          <Button
            color={clipboard.copied ? 'teal' : undefined}
            leftSection={
              clipboard.copied ? <IconCheck size={16} aria-hidden /> : <IconCopy size={16} aria-hidden />
            }
            onClick={() => clipboard.copy(prompt)}
          >
            {clipboard.copied ? 'Copiato' : 'Copia'}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
