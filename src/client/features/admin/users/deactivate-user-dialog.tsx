import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { AdminUser } from './admin-user.ts';

type Props = {
  user: AdminUser | null;
  pending: boolean;
  onConfirm: (user: AdminUser) => void;
  onClose: () => void;
};

/** Deactivation logs the user out everywhere, so it is never one click away. */
export function DeactivateUserDialog({ user, pending, onConfirm, onClose }: Props) {
  return (
    <Modal opened={user !== null} onClose={onClose} title="Disattiva utente" centered>
      {user && (
        <Stack gap="md">
          <Text>
            Disattivare <b>{user.username}</b>? Verrà disconnesso da tutti i dispositivi e non potrà accedere
            finché non lo riattivi.
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={pending}>
              Annulla
            </Button>
            <Button color="red" loading={pending} onClick={() => onConfirm(user)}>
              Disattiva
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
