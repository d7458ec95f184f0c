import './reports-mantine.css';
import { Button, Group, Modal, NativeSelect, Radio, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { isMinor } from '../../../rpc/schemas/age-band-rule.ts';
import {
  REPORT_USER_CATEGORIES,
  REPORT_USER_CATEGORY_LABELS,
  type ReportUserCategory,
} from '../../../rpc/schemas/reports.ts';
import { trpc } from '../api/trpc.ts';
import { formatDateTime } from '../format/dates.ts';
import { useCurrentUser } from '../session/use-current-user.ts';
import { toastSuccess } from '../ui/toast.ts';

/** The server's bound on a report's words. */
const REASON_MAX = 1000;
const QUOTE_MAX = 60;

/** A message of theirs that the report can be about. */
export type ReportableMessage = { id: number; content: string; createdAt: string };

type Props = {
  opened: boolean;
  other: { id: number; nickname: string };
  onClose: () => void;
  /** Their messages in this chat, newest first: the report may be about one of them. */
  messages?: readonly ReportableMessage[];
};

/**
 * The reasons on offer, the Termini's list: a minor gets 'Un adulto mi mette a disagio' first (issue 45,
 * row 8), an adult 'Comportamento verso un minore' instead.
 */
function reasonsFor(minor: boolean): ReportUserCategory[] {
  const rest = REPORT_USER_CATEGORIES.filter((one) => one !== 'adulto_minore' && one !== 'verso_minore');
  return minor ? ['adulto_minore', ...rest] : [...rest.slice(0, -1), 'verso_minore', 'altro'];
}

const quote = (content: string) =>
  content.length > QUOTE_MAX ? `${content.slice(0, QUOTE_MAX - 1)}…` : content;

/**
 * 'Segnala' (issue 47, row 2): a collector, or one of their messages, with a reason from the list and words
 * if wanted; the admin sees it in Segnalazioni, the message kept as it read. The answer comes in Profilo.
 */
export function ReportUserDialog({ opened, other, onClose, messages = [] }: Props) {
  const [reason, setReason] = useState<ReportUserCategory | null>(null);
  const [words, setWords] = useState('');
  const [messageId, setMessageId] = useState('');
  const { user } = useCurrentUser();
  const minor = user !== null && isMinor(user.ageBand);
  const done = {
    onSuccess: () => {
      toastSuccess('Segnalazione inviata', "Grazie: l'amministratore la esaminerà e ti diremo com'è finita");
      setReason(null);
      setWords('');
      setMessageId('');
      onClose();
    },
    meta: { errorMessage: "Errore nell'invio della segnalazione" },
  };
  const reportUser = trpc.reports.reportUser.useMutation(done);
  const reportMessage = trpc.reports.reportMessage.useMutation(done);
  const pending = reportUser.isPending || reportMessage.isPending;
  const send = () => {
    if (!reason) return;
    const text = words.trim();
    if (messageId) {
      reportMessage.mutate({ id: Number(messageId), category: reason, ...(text ? { text } : {}) });
    } else {
      reportUser.mutate({
        userId: other.id,
        reason: text || REPORT_USER_CATEGORY_LABELS[reason],
        category: reason,
      });
    }
  };
  return (
    <Modal opened={opened} onClose={() => !pending && onClose()} title={`Segnala ${other.nickname}`} centered>
      <Stack
        component="form"
        gap="sm"
        onSubmit={(event) => {
          event.preventDefault();
          send();
        }}
      >
        {messages.length > 0 && (
          <NativeSelect
            label="Quale messaggio?"
            size="md"
            value={messageId}
            onChange={(event) => setMessageId(event.currentTarget.value)}
            data={[
              { value: '', label: 'Nessuno in particolare' },
              ...messages.map((message) => ({
                value: String(message.id),
                label: `${formatDateTime(message.createdAt)} · ${quote(message.content)}`,
              })),
            ]}
          />
        )}
        <Radio.Group
          label="Motivo"
          value={reason ?? ''}
          onChange={(value) => setReason(value as ReportUserCategory)}
          description={
            minor
              ? 'Se in tre segnalano un adulto che mette a disagio, non potrà più contattare nessun ragazzo finché un amministratore non controlla'
              : undefined
          }
        >
          <Stack gap={0} mt={4} className="report-reasons">
            {reasonsFor(minor).map((one) => (
              <Radio key={one} size="md" value={one} label={REPORT_USER_CATEGORY_LABELS[one]} />
            ))}
          </Stack>
        </Radio.Group>
        <Textarea
          label="Cosa è successo? (facoltativo)"
          placeholder="Es. messaggi offensivi, figurine mai arrivate…"
          size="md"
          autosize
          minRows={2}
          maxRows={6}
          maxLength={REASON_MAX}
          value={words}
          onChange={(event) => setWords(event.currentTarget.value)}
        />
        <Text size="sm" c="dimmed">
          La segnalazione arriva all'amministratore, non a {other.nickname}. Ti diremo com'è finita in
          Profilo.
        </Text>
        <Group justify="flex-end">
          <Button variant="default" h={44} onClick={onClose} disabled={pending}>
            Annulla
          </Button>
          <Button type="submit" h={44} loading={pending} disabled={!reason}>
            Invia
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
