import { Loader, Stack, Text } from '@mantine/core';
import { trpc } from '../../../shared/api/trpc.ts';
import { formatDateTime } from '../../../shared/format/dates.ts';
import { statusLabel } from './report-labels.ts';

/** One message as the admin reads it: who (red for the reported collector), when, what — as plain text. */
function SaidLine(props: {
  sender: string;
  at: string;
  content: string;
  reported: boolean;
  component?: 'li';
}) {
  return (
    <Text
      component={props.component ?? 'p'}
      size="sm"
      style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}
    >
      <Text span fw={700} c={props.reported ? 'red.8' : undefined}>
        {props.sender}
      </Text>{' '}
      <Text span size="xs" c="dimmed">
        {formatDateTime(props.at)}
      </Text>
      : {props.content}
    </Text>
  );
}

/**
 * What a report about a collector rests on: the last messages of their chat with the reporter, and the
 * other reports about them. Every text is the collectors' own, shown as plain text.
 */
export function ReportEvidence({ reportId, reported }: { reportId: number; reported: string }) {
  const evidence = trpc.reports.evidence.useQuery({ id: reportId });
  if (evidence.isPending) return <Loader size="sm" aria-label="Caricamento prove" />;
  if (evidence.isError) {
    return (
      <Text size="sm" c="red">
        Impossibile caricare i messaggi e le altre segnalazioni
      </Text>
    );
  }
  const { reportedMessage, messages, otherReports } = evidence.data;
  return (
    <Stack gap="md">
      {reportedMessage && (
        <section aria-label="Messaggio segnalato">
          <Text size="sm" fw={600} mb={4}>
            Messaggio segnalato
          </Text>
          <SaidLine
            sender={reportedMessage.sender}
            at={reportedMessage.sentAt}
            content={reportedMessage.content}
            reported
          />
        </section>
      )}
      <section aria-label="Ultimi messaggi della loro chat">
        <Text size="sm" fw={600} mb={4}>
          Ultimi messaggi della loro chat
        </Text>
        {messages.length === 0 ? (
          <Text size="sm" c="dimmed">
            Nessun messaggio tra i due
          </Text>
        ) : (
          <Stack component="ol" gap={4} m={0} p={0} style={{ listStyle: 'none' }}>
            {messages.map((message) => (
              <SaidLine
                key={`${message.created_at}-${message.sender}-${message.content}`}
                component="li"
                sender={message.sender}
                at={message.created_at}
                content={message.content}
                reported={message.sender === reported}
              />
            ))}
          </Stack>
        )}
      </section>
      <section aria-label={`Altre segnalazioni su ${reported}`}>
        <Text size="sm" fw={600} mb={4}>
          Altre segnalazioni su {reported} ({otherReports.length})
        </Text>
        {otherReports.length === 0 ? (
          <Text size="sm" c="dimmed">
            Nessun'altra segnalazione
          </Text>
        ) : (
          <Stack component="ul" gap={4} m={0} p={0} style={{ listStyle: 'none' }}>
            {otherReports.map((other) => (
              <Text component="li" key={other.id} size="sm" style={{ overflowWrap: 'anywhere' }}>
                #{other.id} · {other.reporter ?? 'Utente eliminato'} · {formatDateTime(other.created_at)} ·{' '}
                {statusLabel(other.status)}: {other.description}
              </Text>
            ))}
          </Stack>
        )}
      </section>
    </Stack>
  );
}
