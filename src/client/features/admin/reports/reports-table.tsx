import { Card, Checkbox, Table } from '@mantine/core';
import type { AdminReport } from './admin-report.ts';
import { ReportRow, type ReportRowProps } from './report-row.tsx';

type Props = Omit<ReportRowProps, 'report' | 'selected' | 'statusPending'> & {
  reports: AdminReport[];
  isSelected: (id: number) => boolean;
  onToggleAll: () => void;
  /** The report whose status change is on its way. */
  statusPendingId: number | undefined;
};

export function ReportsTable({ reports, isSelected, onToggleAll, statusPendingId, ...actions }: Props) {
  const selectedCount = reports.filter((report) => isSelected(report.id)).length;
  return (
    <Card withBorder radius="md" padding={0}>
      <Table.ScrollContainer minWidth={940}>
        <Table verticalSpacing="sm" horizontalSpacing="xs" highlightOnHover>
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={40}>
                <Checkbox
                  checked={selectedCount > 0 && selectedCount === reports.length}
                  indeterminate={selectedCount > 0 && selectedCount < reports.length}
                  onChange={onToggleAll}
                  aria-label="Seleziona tutte le segnalazioni della pagina"
                />
              </Table.Th>
              <Table.Th>Tipo</Table.Th>
              <Table.Th>Descrizione</Table.Th>
              <Table.Th>Pagina</Table.Th>
              <Table.Th>Utente</Table.Th>
              <Table.Th>Data</Table.Th>
              <Table.Th>Stato</Table.Th>
              <Table.Th>Priorità</Table.Th>
              <Table.Th w={100}>Azioni</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {reports.map((report) => (
              <ReportRow
                key={report.id}
                report={report}
                selected={isSelected(report.id)}
                statusPending={report.id === statusPendingId}
                {...actions}
              />
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Card>
  );
}
