import { errorMessage } from '../../../shared/api/error-message.ts';
import { trpc } from '../../../shared/api/trpc.ts';
import { toastSuccess } from '../../../shared/ui/toast.ts';
import { reportsCount } from './report-labels.ts';

/** The spec (§9): the list reloads 100 ms after a bulk status change. */
const BULK_RELOAD_DELAY_MS = 100;

/**
 * Single and bulk changes to reports. Each one reloads the list and the dashboard's count of new reports,
 * right or wrong: on a failure the screen shows again what the server really holds.
 */
export function useReportChanges() {
  const utils = trpc.useUtils();
  const reload = () => Promise.all([utils.reports.list.invalidate(), utils.admin.stats.invalidate()]);

  const update = trpc.reports.update.useMutation({
    onSuccess: (_report, { priority }) =>
      priority
        ? toastSuccess('Segnalazione aggiornata', 'La priorità è stata modificata con successo')
        : toastSuccess('Segnalazione aggiornata', 'Lo stato è stato modificato con successo'),
    meta: { errorText: () => 'Impossibile aggiornare la segnalazione' },
    onSettled: reload,
  });

  const bulkStatus = trpc.reports.bulkStatus.useMutation({
    onSuccess: ({ updatedCount }, { status }) =>
      toastSuccess(
        'Stato aggiornato',
        `${reportsCount(updatedCount, { one: 'aggiornata', many: 'aggiornate' })} a "${status}"`,
      ),
    meta: { errorMessage: "Errore nell'aggiornamento dello stato" },
    onSettled: () => setTimeout(reload, BULK_RELOAD_DELAY_MS),
  });

  const bulkDelete = trpc.reports.bulkDelete.useMutation({
    onSuccess: ({ deletedCount }) =>
      toastSuccess(
        'Segnalazioni eliminate',
        `${reportsCount(deletedCount, { one: 'eliminata', many: 'eliminate' })} con successo`,
      ),
    meta: {
      errorText: (error) =>
        `Impossibile eliminare le segnalazioni: ${errorMessage(error, 'errore del server')}`,
      errorTitle: 'Errore eliminazione',
    },
    onSettled: reload,
  });

  return { update, bulkStatus, bulkDelete };
}
