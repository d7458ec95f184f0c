import { Button, Card, Group, Select, Text } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { bulkDeleteInput, bulkStatusInput } from '../../../../rpc/schemas/reports.ts';
import { ConfirmDialog } from '../../../shared/ui/confirm-dialog.tsx';
import { toastError } from '../../../shared/ui/toast.ts';
import { type ReportStatus, reportsCount, STATUS_OPTIONS } from './report-labels.ts';
import { useReportChanges } from './use-report-changes.ts';

type Request =
  | { action: 'status'; reportIds: number[]; status: ReportStatus }
  | { action: 'delete'; reportIds: number[] };

type Props = { selectedIds: number[]; onDone: () => void };

/**
 * Status change and deletion for the selected reports. Enabled once something is selected; each asks for
 * confirmation, and the server's own schemas check the request first, so their messages show before a call.
 */
export function BulkActionsBar({ selectedIds, onDone }: Props) {
  const { bulkStatus, bulkDelete } = useReportChanges();
  const [status, setStatus] = useState<ReportStatus | null>(null);
  // Kept after the dialog closes, so its text does not change while it fades out.
  const [request, setRequest] = useState<Request | null>(null);
  const [asking, setAsking] = useState(false);
  const none = selectedIds.length === 0;

  const askStatus = () => {
    const check = bulkStatusInput.safeParse({ reportIds: selectedIds, status });
    if (!check.success) return toastError(check.error.issues[0]?.message ?? '');
    setRequest({ action: 'status', ...check.data });
    setAsking(true);
  };
  const askDelete = () => {
    const check = bulkDeleteInput.safeParse({ reportIds: selectedIds });
    if (!check.success) return toastError(check.error.issues[0]?.message ?? '');
    setRequest({ action: 'delete', ...check.data });
    setAsking(true);
  };
  const afterwards = {
    onSuccess: () => {
      setStatus(null);
      onDone();
    },
    onSettled: () => setAsking(false),
  };
  const confirm = () => {
    if (request?.action === 'status') {
      bulkStatus.mutate({ reportIds: request.reportIds, status: request.status }, afterwards);
    } else if (request) bulkDelete.mutate({ reportIds: request.reportIds }, afterwards);
  };
  const count = request?.reportIds.length ?? 0;

  return (
    <Card withBorder radius="md" padding="sm" role="group" aria-label="Azioni sulle segnalazioni selezionate">
      <Group gap="sm">
        <Text size="sm" fw={600} miw={200}>
          {none
            ? 'Nessuna segnalazione selezionata'
            : reportsCount(selectedIds.length, { one: 'selezionata', many: 'selezionate' })}
        </Text>
        <Select<ReportStatus>
          aria-label="Nuovo stato"
          placeholder="Nuovo stato"
          data={STATUS_OPTIONS}
          value={status}
          onChange={setStatus}
          disabled={none}
          w={160}
        />
        <Button disabled={none} onClick={askStatus}>
          Cambia stato
        </Button>
        <Button
          color="red"
          variant="light"
          leftSection={<IconTrash size={16} aria-hidden />}
          disabled={none}
          onClick={askDelete}
        >
          Elimina
        </Button>
      </Group>
      <ConfirmDialog
        opened={asking}
        title={request?.action === 'delete' ? 'Elimina segnalazioni' : 'Cambia stato'}
        confirmLabel={request?.action === 'delete' ? 'Elimina' : 'Conferma'}
        danger={request?.action === 'delete'}
        pending={bulkStatus.isPending || bulkDelete.isPending}
        onClose={() => setAsking(false)}
        onConfirm={confirm}
      >
        <Text>
          {request?.action === 'delete'
            ? `Vuoi davvero eliminare ${reportsCount(count)}? Questa azione non può essere annullata.`
            : `Vuoi davvero cambiare lo stato di ${reportsCount(count)} a "${request?.status}"?`}
        </Text>
      </ConfirmDialog>
    </Card>
  );
}
