import { Button, Group, Modal, Stack, Textarea, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { userReportInput } from '../../../rpc/schemas/reports.ts';
import { REPORT_DESCRIPTION_MAX } from '../../../rpc/schemas/reports-limits.ts';
import { trpc } from '../../shared/api/trpc.ts';
import { fieldErrors } from '../../shared/forms/field-errors.ts';
import { toastSuccess } from '../../shared/ui/toast.ts';

/** Each opening of the dialog: a new one starts the form afresh, with the page the user came from. */
export type ReportProblemOpening = { key: number; initialPage: string };

type Props = { opened: boolean; opening: ReportProblemOpening; onClose: () => void };

export function ReportProblemDialog({ opened, opening, onClose }: Props) {
  return (
    <Modal opened={opened} onClose={onClose} title="Segnala un problema" centered>
      <ReportProblemForm key={opening.key} initialPage={opening.initialPage} onSent={onClose} />
    </Modal>
  );
}

function ReportProblemForm({ initialPage, onSent }: { initialPage: string; onSent: () => void }) {
  const [description, setDescription] = useState('');
  const [page, setPage] = useState(initialPage);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const send = trpc.reports.create.useMutation({
    onSuccess: () => {
      toastSuccess('Segnalazione inviata', 'Grazie! La esamineremo al più presto');
      onSent();
    },
    meta: { errorMessage: "Errore nell'invio della segnalazione" },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = userReportInput.safeParse({ description, page: page.trim() || undefined });
    if (!parsed.success) return setErrors(fieldErrors(parsed.error));
    setErrors({});
    send.mutate(parsed.data);
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <Textarea
          label="Descrizione"
          placeholder="Cosa è successo? Cosa stavi facendo?"
          value={description}
          onChange={(event) => setDescription(event.currentTarget.value)}
          error={errors.description}
          maxLength={REPORT_DESCRIPTION_MAX}
          autosize
          minRows={4}
          maxRows={10}
          withAsterisk
          data-autofocus
        />
        <TextInput
          label="Pagina"
          description="Facoltativa: la schermata in cui hai notato il problema"
          placeholder="Es. /album"
          value={page}
          onChange={(event) => setPage(event.currentTarget.value)}
          error={errors.page}
          maxLength={500}
        />
        <Group justify="flex-end">
          <Button type="submit" disabled={send.isPending}>
            {send.isPending ? 'Invio...' : 'Invia'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
