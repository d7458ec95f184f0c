import { Button, Group, Modal, Stack, Text } from '@mantine/core';

type Props = {
  opened: boolean;
  title: string;
  message: string;
  confirmLabel: string;
  danger?: boolean;
  pending: boolean;
  onConfirm: () => void;
  onClose: () => void;
};

/** A bulk change touches many reports at once, so it is asked for twice. */
export function ConfirmDialog({ opened, title, message, confirmLabel, danger, pending, ...actions }: Props) {
  return (
    <Modal opened={opened} onClose={() => !pending && actions.onClose()} title={title} centered>
      <Stack gap="md">
        <Text>{message}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={actions.onClose} disabled={pending}>
            Annulla
          </Button>
          <Button color={danger ? 'red' : undefined} loading={pending} onClick={actions.onConfirm}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
