import { Alert, Button, Group, Modal, Stack } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { ReactNode } from 'react';

type Props = {
  opened: boolean;
  title: string;
  /** The question; kept on screen while the dialog fades out, so pass what was last shown. */
  children: ReactNode;
  /** What cannot be undone, in a red box under the question. */
  warning?: ReactNode;
  confirmLabel: string;
  /** Shown on the button while the change runs (e.g. 'Eliminando...'); without it the button spins. */
  pendingLabel?: string;
  danger?: boolean;
  pending: boolean;
  onConfirm: () => void;
  onClose: () => void;
  zIndex?: number;
};

/** Asks before a change that is hard to take back; while it runs the dialog cannot be dismissed. */
export function ConfirmDialog({
  opened,
  title,
  children,
  warning,
  confirmLabel,
  pendingLabel,
  danger = false,
  pending,
  onConfirm,
  onClose,
  zIndex,
}: Props) {
  const close = () => !pending && onClose();
  return (
    <Modal opened={opened} onClose={close} title={title} centered zIndex={zIndex}>
      <Stack gap="sm">
        {children}
        {warning && (
          <Alert color="red" variant="light" icon={<IconAlertTriangle aria-hidden />}>
            {warning}
          </Alert>
        )}
        <Group justify="flex-end" mt="sm">
          <Button variant="default" onClick={close} disabled={pending}>
            Annulla
          </Button>
          <Button
            color={danger ? 'red' : undefined}
            onClick={onConfirm}
            {...(pendingLabel ? { disabled: pending } : { loading: pending })}
          >
            {pending && pendingLabel ? pendingLabel : confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
