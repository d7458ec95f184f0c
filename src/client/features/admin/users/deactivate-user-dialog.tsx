import { Text } from '@mantine/core';
import { ConfirmDialog } from '../../../shared/ui/confirm-dialog.tsx';
import type { AdminUser } from './admin-user.ts';

/** A user of the list, or a collector named by a report (Segnalazioni). */
type Props<User extends Pick<AdminUser, 'username'>> = {
  user: User | null;
  pending: boolean;
  onConfirm: (user: User) => void;
  onClose: () => void;
};

/** Deactivation logs the user out everywhere, so it is never one click away. */
export function DeactivateUserDialog<User extends Pick<AdminUser, 'username'>>({
  user,
  pending,
  onConfirm,
  onClose,
}: Props<User>) {
  return (
    <ConfirmDialog
      opened={user !== null}
      title="Disattiva utente"
      confirmLabel="Disattiva"
      danger
      pending={pending}
      onConfirm={() => user && onConfirm(user)}
      onClose={onClose}
    >
      <Text>
        Disattivare <b>{user?.username}</b>? Ogni sua sessione sarà chiusa e non potrà accedere finché
        l'account non viene riattivato.
      </Text>
    </ConfirmDialog>
  );
}
