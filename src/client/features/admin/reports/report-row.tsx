import { ActionIcon, Badge, Checkbox, Group, Select, Table, Text, Tooltip } from '@mantine/core';
import { IconEye, IconUserOff } from '@tabler/icons-react';
import { formatDateTime } from '../../../shared/format/dates.ts';
import type { AdminReport } from './admin-report.ts';
import { translateErrorText } from './error-text.ts';
import {
  isAutomatic,
  knownStatus,
  priorityColor,
  priorityLabel,
  type ReportStatus,
  STATUS_OPTIONS,
  typeLabel,
} from './report-labels.ts';
import { type ReportedUser, reportedUserOf } from './reported-user.ts';
import { ReportedUserLine } from './reported-user-line.tsx';

export type ReportRowProps = {
  report: AdminReport;
  selected: boolean;
  statusPending: boolean;
  onToggle: (id: number) => void;
  onOpen: (report: AdminReport) => void;
  onStatus: (report: AdminReport, status: ReportStatus) => void;
  /** A report about a collector: deactivate them. */
  onDeactivate: (user: ReportedUser) => void;
};

/** One report; every field a user or a browser wrote is rendered as text, never as markup. */
export function ReportRow({ report, selected, statusPending, ...actions }: ReportRowProps) {
  const { onToggle, onOpen, onStatus, onDeactivate } = actions;
  const description = translateErrorText(report.description);
  const reported = reportedUserOf(report);
  return (
    <Table.Tr bg={selected ? 'var(--mantine-color-blue-light)' : undefined}>
      <Table.Td>
        <Checkbox
          checked={selected}
          onChange={() => onToggle(report.id)}
          aria-label={`Seleziona la segnalazione ${report.id}`}
        />
      </Table.Td>
      <Table.Td>
        {/* A person's report stands out from the app's automatic errors. */}
        <Text size="sm" fw={isAutomatic(report.type) ? 400 : 700} c={reported ? 'red.8' : undefined}>
          {typeLabel(report.type)}
        </Text>
        {isAutomatic(report.type) && (
          <Text size="xs" c="dimmed">
            automatica
          </Text>
        )}
      </Table.Td>
      <Table.Th scope="row" fw={400} miw={180}>
        <Text size="sm" lineClamp={2} title={description}>
          {description}
        </Text>
        {reported && <ReportedUserLine user={reported} />}
      </Table.Th>
      <Table.Td maw={140}>
        <Text size="sm" truncate="end" title={report.page ?? undefined}>
          {report.page ?? '-'}
        </Text>
      </Table.Td>
      <Table.Td>{report.username ?? 'Anonimo'}</Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(report.created_at)}</Table.Td>
      <Table.Td>
        <Select<ReportStatus>
          size="xs"
          w={108}
          data={STATUS_OPTIONS}
          value={knownStatus(report.status)}
          onChange={(status) => status && status !== report.status && onStatus(report, status)}
          allowDeselect={false}
          disabled={statusPending}
          aria-label={`Stato della segnalazione ${report.id}`}
        />
      </Table.Td>
      <Table.Td>
        <Badge variant="light" color={priorityColor(report.priority)} style={{ flexShrink: 0 }} miw={64}>
          {priorityLabel(report.priority)}
        </Badge>
      </Table.Td>
      <Table.Td>
        <Group gap={6} wrap="nowrap">
          <Tooltip label="Dettagli" withArrow>
            <ActionIcon variant="light" size="lg" aria-label="Dettagli" onClick={() => onOpen(report)}>
              <IconEye size={18} aria-hidden />
            </ActionIcon>
          </Tooltip>
          {reported?.active && (
            <Tooltip label={`Disattiva ${reported.username}`} withArrow>
              <ActionIcon
                variant="light"
                color="red"
                size="lg"
                aria-label={`Disattiva ${reported.username}`}
                onClick={() => onDeactivate(reported)}
              >
                <IconUserOff size={18} aria-hidden />
              </ActionIcon>
            </Tooltip>
          )}
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}
