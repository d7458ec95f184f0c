import { Button, Group, List, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useEffect, useState } from 'react';
import { BIRTH_CORRECTION_REASON_MAX } from '../../../../rpc/schemas/users.ts';
import { trpc } from '../../../shared/api/trpc.ts';
import { formatDateTime } from '../../../shared/format/dates.ts';
import {
  BirthMonthInput,
  type BirthMonthValue,
  birthMonthInput,
} from '../../../shared/forms/birth-month-input.tsx';
import { type FieldOfRefusal, refusalsUnderFields } from '../../../shared/forms/server-refusals.ts';
import { toastSuccess } from '../../../shared/ui/toast.ts';
import type { AdminUser } from './admin-user.ts';

type Field = 'birthMonth' | 'birthYear' | 'reason';
const EMPTY = { birthMonth: '', birthYear: '' };

const fieldOf: FieldOfRefusal<Field> = (message) => {
  if (message.includes('motivo')) return 'reason';
  if (message.includes('mese')) return 'birthMonth';
  if (message.includes('nascita') || message.includes('14 anni') || message.includes('anno'))
    return 'birthYear';
  return undefined;
};

/**
 * 'Correggi la data di nascita' (issue 45): the new month and year and the reason, kept in the log below.
 * The date in force is never shown (the list shows the band): only the corrections the admins made.
 */
export function BirthDateDialog({ user, onClose }: { user: AdminUser | null; onClose: () => void }) {
  const utils = trpc.useUtils();
  const [birth, setBirth] = useState<BirthMonthValue>(EMPTY);
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const log = trpc.users.birthDateCorrections.useQuery({ id: user?.id ?? 0 }, { enabled: user !== null });
  useEffect(() => {
    if (user) {
      setBirth(EMPTY);
      setReason('');
      setErrors({});
    }
  }, [user]);
  const correct = trpc.users.correctBirthDate.useMutation({
    onSuccess: (corrected) => {
      toastSuccess(
        'Data di nascita corretta',
        `${corrected.username}: età ${corrected.ageBand ?? 'da chiedere'}`,
      );
      void utils.users.invalidate();
      onClose();
    },
    ...refusalsUnderFields(fieldOf, 'Errore nella correzione', (field, message) =>
      setErrors({ [field]: message }),
    ),
  });

  return (
    <Modal
      opened={user !== null}
      onClose={() => !correct.isPending && onClose()}
      title={`Correggi la data di nascita di ${user?.username ?? ''}`}
      centered
      size="lg"
    >
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (user)
            correct.mutate({ id: user.id, reason, ...birthMonthInput(birth) } as Parameters<
              typeof correct.mutate
            >[0]);
        }}
      >
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            La correzione resta nel registro con il tuo nome e il motivo; la fascia d'età cambia subito.
          </Text>
          <BirthMonthInput
            value={birth}
            onChange={(field, value) => {
              setBirth((current) => ({ ...current, [field]: value }));
              setErrors((current) => ({ ...current, [field]: undefined }));
            }}
            errors={errors}
          />
          <Textarea
            label="Motivo"
            required
            maxLength={BIRTH_CORRECTION_REASON_MAX}
            autosize
            minRows={2}
            value={reason}
            error={errors.reason}
            onChange={(event) => {
              setReason(event.currentTarget.value);
              setErrors((current) => ({ ...current, reason: undefined }));
            }}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={correct.isPending}>
              Annulla
            </Button>
            <Button type="submit" loading={correct.isPending}>
              Correggi
            </Button>
          </Group>
          {(log.data?.length ?? 0) > 0 && (
            <Stack gap={4}>
              <Text fw={600} size="sm">
                Correzioni precedenti
              </Text>
              <List size="sm" aria-label="Correzioni precedenti">
                {log.data?.map((entry) => (
                  <List.Item key={entry.at}>
                    {formatDateTime(entry.at)} · {entry.admin ?? 'amministratore eliminato'}:{' '}
                    {entry.from ?? 'non indicata'} → {entry.to} — {entry.reason}
                  </List.Item>
                ))}
              </List>
            </Stack>
          )}
        </Stack>
      </form>
    </Modal>
  );
}
