import './reports-mantine.css';
import { Button, Checkbox, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { isMinor } from '../../../rpc/schemas/age-band-rule.ts';
import { REPORT_USER_CATEGORY_LABELS, type ReportUserCategory } from '../../../rpc/schemas/reports.ts';
import { trpc } from '../api/trpc.ts';
import { useCurrentUser } from '../session/use-current-user.ts';
import { toastSuccess } from '../ui/toast.ts';

/** The server's bound on a report's reason. */
const REASON_MAX = 1000;

type Props = {
  opened: boolean;
  other: { id: number; nickname: string };
  onClose: () => void;
  /** What else the report can say it is about (after a meet: 'Figurine false', …). */
  categories?: readonly Exclude<ReportUserCategory, 'adulto_minore'>[];
};

const UNEASY = REPORT_USER_CATEGORY_LABELS.adulto_minore;

/**
 * 'Segnala': why this collector should be looked at; the admin sees it in Segnalazioni. A minor is offered
 * 'Un adulto mi mette a disagio' first (issue 45, row 8): ticked, nothing more needs writing.
 */
export function ReportUserDialog({ opened, other, onClose, categories = [] }: Props) {
  const [reason, setReason] = useState('');
  const [uneasy, setUneasy] = useState(false);
  const [about, setAbout] = useState<ReportUserCategory | null>(null);
  const { user } = useCurrentUser();
  const minor = user !== null && isMinor(user.ageBand);
  const report = trpc.reports.reportUser.useMutation({
    onSuccess: () => {
      toastSuccess('Segnalazione inviata', "Grazie: l'amministratore la esaminerà");
      setReason('');
      onClose();
    },
    meta: { errorMessage: "Errore nell'invio della segnalazione" },
  });
  const category = uneasy ? 'adulto_minore' : about;
  const text = reason.trim() || (category ? REPORT_USER_CATEGORY_LABELS[category] : '');
  return (
    <Modal
      opened={opened}
      onClose={() => !report.isPending && onClose()}
      title={`Segnala ${other.nickname}`}
      centered
    >
      <Stack
        component="form"
        gap="sm"
        onSubmit={(event) => {
          event.preventDefault();
          if (text !== '') {
            report.mutate({
              userId: other.id,
              reason: text,
              ...(category ? { category } : {}),
            });
          }
        }}
      >
        {minor && (
          <Checkbox
            size="md"
            label={UNEASY}
            description="Se lo segnalano in tre, non potrà più contattare nessun ragazzo finché un amministratore non controlla"
            checked={uneasy}
            onChange={(event) => setUneasy(event.currentTarget.checked)}
          />
        )}
        {categories.map((one) => (
          <Checkbox
            key={one}
            size="md"
            label={REPORT_USER_CATEGORY_LABELS[one]}
            checked={about === one}
            onChange={(event) => setAbout(event.currentTarget.checked ? one : null)}
          />
        ))}
        <Text size="sm" c="dimmed">
          Spiega cosa è successo: la segnalazione arriva all'amministratore.
        </Text>
        <Textarea
          label="Motivo"
          placeholder="Es. messaggi offensivi, figurine mai arrivate…"
          size="md"
          autosize
          minRows={3}
          maxRows={8}
          maxLength={REASON_MAX}
          value={reason}
          onChange={(event) => setReason(event.currentTarget.value)}
          data-autofocus
        />
        <Group justify="flex-end">
          <Button variant="default" h={44} onClick={onClose} disabled={report.isPending}>
            Annulla
          </Button>
          <Button type="submit" h={44} disabled={text === ''} loading={report.isPending}>
            Invia
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
