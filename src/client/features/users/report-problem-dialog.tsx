import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { userReportInput } from '../../../rpc/schemas/reports.ts';
import { REPORT_DESCRIPTION_MAX } from '../../../rpc/schemas/reports-limits.ts';
import { trpc } from '../../shared/api/trpc.ts';
import { fieldErrors } from '../../shared/forms/field-errors.ts';
import { toastSuccess } from '../../shared/ui/toast.ts';
import { screenName } from './report-problem-origin.ts';

/**
 * Each opening of the dialog: a new one starts the form afresh, with the screen the user came from (its
 * path, '' when it is not known), which goes with the report as is: nobody types a path.
 */
export type ReportProblemOpening = { key: number; page: string };

type Props = { opened: boolean; opening: ReportProblemOpening; onClose: () => void };

export function ReportProblemDialog({ opened, opening, onClose }: Props) {
  return (
    <Modal opened={opened} onClose={onClose} title="Segnala un problema" centered>
      <ReportProblemForm key={opening.key} page={opening.page} onSent={onClose} />
    </Modal>
  );
}

function ReportProblemForm({ page, onSent }: { page: string; onSent: () => void }) {
  const [description, setDescription] = useState('');
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
    const parsed = userReportInput.safeParse({ description, page: page || undefined });
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
        {page && (
          <Text size="sm" c="dimmed">
            Schermata: <strong>{screenName(page)}</strong>
          </Text>
        )}
        <Group justify="flex-end">
          <Button type="submit" disabled={send.isPending}>
            {send.isPending ? 'Invio...' : 'Invia'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
