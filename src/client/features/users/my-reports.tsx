import { Card, Stack, Text } from '@mantine/core';
import { REPORT_OUTCOME_TEXTS } from '../../../rpc/schemas/moderation.ts';
import type { REPORT_OUTCOMES } from '../../../rpc/schemas/reports.ts';
import { trpc } from '../../shared/api/trpc.ts';

const OUTCOME_TEXT: Record<(typeof REPORT_OUTCOMES)[number], string> = {
  in_esame: 'in esame',
  risolto: 'risolta dall’amministratore',
  sospeso: 'account sospeso',
  ...REPORT_OUTCOME_TEXTS,
};

/**
 * What came of the collectors I reported ('Segnala' in a chat): in esame, or what the admin decided.
 * Nothing until I have reported someone.
 */
export function MyReports() {
  const reports = trpc.reports.mine.useQuery();
  if (!reports.data || reports.data.length === 0) return null;
  return (
    <Card component="section" aria-label="Le tue segnalazioni" withBorder radius="md" padding="md">
      <Text fw={700} mb={4}>
        Le tue segnalazioni
      </Text>
      <Stack component="ul" gap={2} m={0} p={0} style={{ listStyle: 'none' }}>
        {reports.data.map((report) => (
          <Text component="li" key={report.id} size="sm">
            {report.reported_username ?? 'Utente eliminato'}: {OUTCOME_TEXT[report.outcome]}
          </Text>
        ))}
      </Stack>
    </Card>
  );
}
