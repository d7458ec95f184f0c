import { Button, Group, Stack, Switch, Title } from '@mantine/core';
import { IconFlag, IconSparkles } from '@tabler/icons-react';
import { useState } from 'react';
import { ListState } from '../../../shared/ui/list-state.tsx';
import { toastError } from '../../../shared/ui/toast.ts';
import type { AdminReport } from './admin-report.ts';
import { BulkActionsBar } from './bulk-actions-bar.tsx';
import { DeactivateReportedUserDialog } from './deactivate-reported-user-dialog.tsx';
import { PROMPT_NEEDS_SELECTION } from './replit-prompt.ts';
import { ReplitPromptDialog } from './replit-prompt-dialog.tsx';
import { ReportDetailDialog } from './report-detail-dialog.tsx';
import { ALL_REPORTS, ReportFilters, type ReportFilterValues } from './report-filters.tsx';
import type { ReportPriority, ReportStatus } from './report-labels.ts';
import type { ReportedUser } from './reported-user.ts';
import { ReportsPagination } from './reports-pagination.tsx';
import { ReportsTable } from './reports-table.tsx';
import { useDeveloperTools } from './use-developer-tools.ts';
import { useReportChanges } from './use-report-changes.ts';
import { useReportSelection } from './use-report-selection.ts';
import { useReportsPage } from './use-reports-page.ts';

/** /admin/segnalazioni: filter, read and handle the collectors' reports and the app's own errors. */
export function AdminReportsSection() {
  const [filters, setFilters] = useState<ReportFilterValues>(ALL_REPORTS);
  const [page, setPage] = useState(1);
  const list = useReportsPage(filters, page, setPage);
  const reports = list.data?.reports ?? [];
  const selection = useReportSelection(reports.map((report) => report.id));
  const { update } = useReportChanges();
  const [detail, setDetail] = useState<AdminReport | null>(null);
  const [promptFor, setPromptFor] = useState<AdminReport[] | null>(null);
  const [deactivating, setDeactivating] = useState<ReportedUser | null>(null);
  const [developerTools, setDeveloperTools] = useDeveloperTools();

  const showPage = (next: number) => {
    selection.clear();
    setPage(next);
  };
  const changeFilters = (next: ReportFilterValues) => {
    setFilters(next);
    showPage(1);
  };
  const change = (report: AdminReport, fields: { status?: ReportStatus; priority?: ReportPriority }) =>
    update.mutate(
      { id: report.id, ...fields },
      // The open detail shows what the server saved.
      { onSuccess: (saved) => setDetail((open) => (open?.id === saved.id ? saved : open)) },
    );
  const openPrompt = () => {
    const chosen = reports.filter((report) => selection.isSelected(report.id));
    if (chosen.length === 0) return toastError(PROMPT_NEEDS_SELECTION);
    setPromptFor(chosen);
  };
  const pendingId =
    update.isPending && typeof update.variables?.id === 'number' ? update.variables.id : undefined;

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end">
        <Title order={2}>Segnalazioni</Title>
        <Group gap="md">
          <Switch
            label="Strumenti per sviluppatori"
            checked={developerTools}
            onChange={(event) => setDeveloperTools(event.currentTarget.checked)}
          />
          {developerTools && (
            <Button variant="light" leftSection={<IconSparkles size={18} aria-hidden />} onClick={openPrompt}>
              Crea prompt per Replit
            </Button>
          )}
        </Group>
      </Group>
      <ReportFilters value={filters} onChange={changeFilters} />
      <BulkActionsBar selectedIds={selection.selectedIds} onDone={selection.clear} />
      {list.isError || reports.length === 0 ? (
        <ListState
          loading={list.isPending}
          loadingText="Caricamento segnalazioni..."
          failure={
            list.isError && {
              message: 'Errore nel caricamento segnalazioni',
              onRetry: () => list.refetch(),
              retrying: list.isFetching,
            }
          }
          empty={{
            icon: IconFlag,
            title: 'Nessuna segnalazione',
            text: Object.values(filters).some((value) => value !== 'all')
              ? 'Nessuna segnalazione corrisponde ai filtri scelti.'
              : "Le segnalazioni degli utenti e gli errori dell'app compariranno qui.",
          }}
        />
      ) : (
        <ReportsTable
          reports={reports}
          isSelected={selection.isSelected}
          onToggle={selection.toggle}
          onToggleAll={selection.toggleAll}
          statusPendingId={pendingId}
          onOpen={setDetail}
          onStatus={(report, status) => change(report, { status })}
          onDeactivate={setDeactivating}
        />
      )}
      {list.data && !list.isError && (
        <ReportsPagination
          page={page}
          totalPages={list.data.totalPages}
          total={list.data.total}
          onPage={showPage}
        />
      )}
      <ReportDetailDialog
        report={detail}
        pending={update.isPending}
        onChange={change}
        onPrompt={
          developerTools
            ? (report) => {
                setDetail(null);
                setPromptFor([report]);
              }
            : undefined
        }
        onDeactivate={(user) => {
          setDetail(null);
          setDeactivating(user);
        }}
        onClose={() => setDetail(null)}
      />
      <DeactivateReportedUserDialog user={deactivating} onClose={() => setDeactivating(null)} />
      <ReplitPromptDialog reports={promptFor} onClose={() => setPromptFor(null)} />
    </Stack>
  );
}
