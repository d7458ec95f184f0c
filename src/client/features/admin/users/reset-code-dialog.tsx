import { Alert, Button, Code, CopyButton, Group, Modal, Stack, Text } from '@mantine/core';
import { IconCheck, IconCopy, IconInfoCircle } from '@tabler/icons-react';
import { useState } from 'react';
import type { ResetCode } from '../../../../rpc/schemas/reset-code.ts';
import { trpc } from '../../../shared/api/trpc.ts';
import { formatDateTime } from '../../../shared/format/dates.ts';
import { ConfirmDialog } from '../../../shared/ui/confirm-dialog.tsx';
import type { AdminUser } from './admin-user.ts';

type Props = { user: AdminUser | null; onClose: () => void };

/**
 * 'Codice di ripristino': asks first (a new code voids the previous one), then shows the code this once,
 * with how the collector uses it and a copy button. Only its hash is kept: closing the dialog loses it.
 */
export function ResetCodeDialog({ user, onClose }: Props) {
  const issue = trpc.users.issueResetCode.useMutation({
    meta: { errorMessage: 'Errore nella creazione del codice' },
  });
  const [shown, setShown] = useState<{ username: string; code: ResetCode } | null>(null);
  const close = () => {
    setShown(null);
    issue.reset();
    onClose();
  };

  return (
    <>
      <ConfirmDialog
        opened={user !== null && shown === null}
        title="Codice di ripristino"
        confirmLabel="Crea il codice"
        pending={issue.isPending}
        onConfirm={() =>
          user &&
          issue.mutate({ id: user.id }, { onSuccess: (code) => setShown({ username: user.username, code }) })
        }
        onClose={close}
      >
        <Text>
          Creare un codice per reimpostare la password di <b>{user?.username}</b>? Serve al collezionista che
          non ha un'e-mail verificata. Un codice dato prima smette di valere.
        </Text>
      </ConfirmDialog>
      <Modal
        opened={shown !== null}
        onClose={close}
        title={`Codice di ripristino per ${shown?.username ?? ''}`}
        centered
        closeOnClickOutside={false}
      >
        <Stack gap="md">
          <Group justify="center" gap="sm" wrap="nowrap">
            <Code
              fz="xl"
              fw={700}
              px="md"
              py="xs"
              style={{ letterSpacing: '0.15em' }}
              data-testid="reset-code"
            >
              {shown?.code.code}
            </Code>
            <CopyButton value={shown?.code.code ?? ''}>
              {({ copied, copy }) => (
                <Button
                  variant="light"
                  color={copied ? 'teal' : undefined}
                  leftSection={
                    copied ? <IconCheck size={16} aria-hidden /> : <IconCopy size={16} aria-hidden />
                  }
                  onClick={copy}
                >
                  {copied ? 'Copiato' : 'Copia'}
                </Button>
              )}
            </CopyButton>
          </Group>
          <Text>
            Il codice vale 24 ore e una sola volta: il collezionista lo inserisce in «Password dimenticata?»
            con il suo nickname.
          </Text>
          {shown && (
            <Text size="sm" c="dimmed">
              Scade il {formatDateTime(shown.code.expiresAt)}.
            </Text>
          )}
          <Alert color="yellow" variant="light" icon={<IconInfoCircle aria-hidden />}>
            Lo vedi solo ora: chiuso questo riquadro, per darne un altro dovrai crearne uno nuovo.
          </Alert>
          <Group justify="flex-end">
            <Button onClick={close}>Fatto</Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
