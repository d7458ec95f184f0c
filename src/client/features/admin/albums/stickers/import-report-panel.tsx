import { Alert, List, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck } from '@tabler/icons-react';
import {
  addedText,
  type ImportReport,
  reclassifiedText,
  renamedText,
  renameText,
  unchangedText,
  unreadableText,
} from './import-report.ts';

/** A long list shows its first lines and how many more: the box below keeps every line to correct. */
const SHOWN_MAX = 10;

function ShortList({ items }: { items: string[] }) {
  return (
    <>
      <List size="sm" spacing={2} withPadding>
        {items.slice(0, SHOWN_MAX).map((item, index) => (
          // The same text may come twice (two identical wrong lines): the position tells them apart.
          // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list, rendered once per import
          <List.Item key={index}>{item}</List.Item>
        ))}
      </List>
      {items.length > SHOWN_MAX && (
        <Text size="sm" c="dimmed">
          …e altre {items.length - SHOWN_MAX}
        </Text>
      )}
    </>
  );
}

function title(report: ImportReport) {
  const imported = report.added + report.renamed.length + report.reclassified + report.unchanged;
  if (imported === 0) return 'Nessuna figurina importata';
  return report.unreadable.length > 0
    ? 'Importazione completata, con righe da correggere'
    : 'Importazione completata';
}

/** What the last import did: added, renamed (old → new), reclassified, unchanged, and the lines it could not read. */
export function ImportReportPanel({ report }: { report: ImportReport }) {
  const problems = report.unreadable.length > 0;
  return (
    <Alert
      color={problems ? 'yellow' : 'teal'}
      title={title(report)}
      icon={problems ? <IconAlertTriangle aria-hidden /> : <IconCircleCheck aria-hidden />}
      // A report to read at leisure, announced politely: the toast is the one that interrupts.
      role="status"
    >
      <Stack gap={6}>
        {report.added > 0 && <Text size="sm">{addedText(report.added)}</Text>}
        {report.renamed.length > 0 && (
          <div>
            <Text size="sm">{renamedText(report.renamed.length)}:</Text>
            <ShortList items={report.renamed.map(renameText)} />
          </div>
        )}
        {report.reclassified > 0 && <Text size="sm">{reclassifiedText(report.reclassified)}</Text>}
        {report.unchanged > 0 && <Text size="sm">{unchangedText(report.unchanged)}</Text>}
        {problems && (
          <div>
            <Text size="sm">
              {unreadableText(report.unreadable.length)}, rimaste nel riquadro da correggere:
            </Text>
            <ShortList items={report.unreadable.map((line) => `«${line.text.trim()}»: ${line.reason}`)} />
          </div>
        )}
      </Stack>
    </Alert>
  );
}
