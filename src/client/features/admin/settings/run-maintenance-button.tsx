import { Button } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { trpc } from '../../../shared/api/trpc.ts';
import { toastSuccess } from '../../../shared/ui/toast.ts';
import { maintenanceSummary } from './maintenance-summary.ts';

/** In 'manuale' mode the clean-up runs only from here. */
export function RunMaintenanceButton() {
  const utils = trpc.useUtils();
  const run = trpc.settings.runMaintenance.useMutation({
    onSuccess: async (removed) => {
      toastSuccess('Pulizia completata', maintenanceSummary(removed));
      // The last-run time changed, and removed reports change the dashboard.
      await Promise.all([utils.settings.get.invalidate(), utils.admin.stats.invalidate()]);
    },
    meta: { errorMessage: 'Errore durante la pulizia dei dati' },
  });
  return (
    <Button
      variant="light"
      size="sm"
      leftSection={<IconTrash size={16} aria-hidden />}
      loading={run.isPending}
      onClick={() => run.mutate()}
    >
      Esegui pulizia ora
    </Button>
  );
}
