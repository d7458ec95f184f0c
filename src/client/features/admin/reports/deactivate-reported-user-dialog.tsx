import { trpc } from '../../../shared/api/trpc.ts';
import { DeactivateUserDialog } from '../users/deactivate-user-dialog.tsx';
import { useUserChanges } from '../users/use-user-changes.ts';
import type { ReportedUser } from './reported-user.ts';

type Props = { user: ReportedUser | null; onClose: () => void };

/**
 * The users section's own deactivation (the same question, toast and refreshes), reached from a report
 * about a collector; the reports then show the collector as deactivated.
 */
export function DeactivateReportedUserDialog({ user, onClose }: Props) {
  const utils = trpc.useUtils();
  const { toggleStatus } = useUserChanges();
  return (
    <DeactivateUserDialog
      user={user}
      pending={toggleStatus.isPending}
      onClose={onClose}
      onConfirm={(reported) =>
        toggleStatus.mutate(
          { id: reported.id, is_active: false },
          { onSuccess: onClose, onSettled: () => utils.reports.list.invalidate() },
        )
      }
    />
  );
}
