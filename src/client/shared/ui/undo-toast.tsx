import { Button, Group, Text } from '@mantine/core';
import { hideToasts, showToast } from './toast.ts';

/**
 * The snackbar after a change a collector may regret: what happened and 'Annulla' for as long as the
 * toast shows (5 s). One tap on 'Annulla' undoes and closes it.
 */
export function toastUndo(message: string, onUndo: () => void) {
  showToast(
    'dark',
    undefined,
    <Group justify="space-between" wrap="nowrap" gap="sm">
      <Text size="sm">{message}</Text>
      <Button
        variant="subtle"
        size="compact-md"
        miw={44}
        mih={44}
        style={{ flexShrink: 0 }}
        onClick={() => {
          hideToasts();
          onUndo();
        }}
      >
        Annulla
      </Button>
    </Group>,
  );
}
