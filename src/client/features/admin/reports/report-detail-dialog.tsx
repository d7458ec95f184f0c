import { Button, Code, DataList, Group, Modal, Select, Stack, Text } from '@mantine/core';
import { IconSparkles, IconUserOff } from '@tabler/icons-react';
import { formatDateTime } from '../../../shared/format/dates.ts';
import { useLastSelected } from '../use-last-selected.ts';
import type { AdminReport } from './admin-report.ts';
import { prettyErrorDetails, translateErrorText } from './error-text.ts';
import { ReportDecision } from './report-decision.tsx';
import { ReportEvidence } from './report-evidence.tsx';
import {
  knownPriority,
  knownStatus,
  PRIORITY_OPTIONS,
  type ReportPriority,
  type ReportStatus,
  STATUS_OPTIONS,
  typeLabel,
} from './report-labels.ts';
import { type ReportedUser, reportedUserOf } from './reported-user.ts';

type Props = {
  report: AdminReport | null;
  pending: boolean;
  onChange: (report: AdminReport, change: { status?: ReportStatus; priority?: ReportPriority }) => void;
  /** 'Testo per Replit', offered only with the developer tools on. */
  onPrompt: ((report: AdminReport) => void) | undefined;
  /** A report about a collector: deactivate them. */
  onDeactivate: (user: ReportedUser) => void;
  onClose: () => void;
};

function Field({ label, value }: { label: string; value: string | null }) {
  return (
    <DataList.Item>
      <DataList.ItemLabel>{label}</DataList.ItemLabel>
      <DataList.ItemValue style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}>
        {value ?? '-'}
      </DataList.ItemValue>
    </DataList.Item>
  );
}

/** 'Dettagli Segnalazione': every field as plain text, status and priority editable. */
export function ReportDetailDialog({
  report: open,
  pending,
  onChange,
  onPrompt,
  onDeactivate,
  onClose,
}: Props) {
  const report = useLastSelected(open);
  const description = report ? translateErrorText(report.description) : '';
  const reported = report ? reportedUserOf(report) : null;
  return (
    <Modal opened={open !== null} onClose={onClose} title="Dettagli Segnalazione" size="xl" centered>
      {report && (
        <Stack gap="md">
          <Group grow>
            <Select<ReportStatus>
              label="Stato"
              data={STATUS_OPTIONS}
              value={knownStatus(report.status)}
              onChange={(status) => status && status !== report.status && onChange(report, { status })}
              allowDeselect={false}
              disabled={pending}
            />
            <Select<ReportPriority>
              label="Priorità"
              data={PRIORITY_OPTIONS}
              value={knownPriority(report.priority)}
              onChange={(priority) =>
                priority && priority !== report.priority && onChange(report, { priority })
              }
              allowDeselect={false}
              disabled={pending}
            />
          </Group>
          <DataList labelWidth={180} gap="xs" withDivider>
            <Field label="Numero" value={`#${report.id}`} />
            <Field label="Tipo" value={typeLabel(report.type)} />
            <Field label="Descrizione" value={description} />
            {description !== report.description && (
              <Field label="Testo originale" value={report.description} />
            )}
            <Field label="Pagina" value={report.page} />
            <Field label="URL" value={report.url} />
            <Field label="Utente" value={report.username ?? 'Anonimo'} />
            {reported && (
              <Field
                label="Collezionista segnalato"
                value={reported.active ? reported.username : `${reported.username} (disattivato)`}
              />
            )}
            <Field label="Browser" value={report.user_agent} />
            <Field label="Creata il" value={formatDateTime(report.created_at)} />
            <Field label="Aggiornata il" value={formatDateTime(report.updated_at)} />
          </DataList>
          {reported && <ReportEvidence reportId={report.id} reported={reported.username} />}
          {reported && <ReportDecision reportId={report.id} />}
          <div>
            <Text size="sm" fw={600} mb={4}>
              Dettagli errore
            </Text>
            {report.error_details ? (
              <Code block mah={320} style={{ overflow: 'auto' }} aria-label="Dettagli errore">
                {prettyErrorDetails(report.error_details)}
              </Code>
            ) : (
              <Text size="sm" c="dimmed">
                Nessun dettaglio tecnico
              </Text>
            )}
          </div>
          <Group justify="flex-end">
            {reported?.active && (
              <Button
                variant="light"
                color="red"
                leftSection={<IconUserOff size={16} aria-hidden />}
                onClick={() => onDeactivate(reported)}
              >
                Disattiva {reported.username}
              </Button>
            )}
            {onPrompt && (
              <Button
                variant="light"
                leftSection={<IconSparkles size={16} aria-hidden />}
                onClick={() => onPrompt(report)}
              >
                Testo per Replit
              </Button>
            )}
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
