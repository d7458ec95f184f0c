import { Button, Group, Modal, PasswordInput, Stack, Text } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { changePasswordForm, PASSWORD_FORM_FIELDS } from '../../../rpc/schemas/users.ts';
import { PASSWORD_HINT, WRONG_CURRENT_PASSWORD_MESSAGE } from '../../../rpc/schemas/users-messages.ts';
import { trpc } from '../../shared/api/trpc.ts';
import { sayOnce } from '../../shared/forms/field-errors.ts';
import { type FieldOfRefusal, refusalsUnderFields } from '../../shared/forms/server-refusals.ts';
import { useFieldErrors } from '../../shared/forms/use-field-errors.ts';
import { toastSuccess } from '../../shared/ui/toast.ts';

type Field = (typeof PASSWORD_FORM_FIELDS)[number];

const EMPTY: Record<Field, string> = { currentPassword: '', newPassword: '', confirmPassword: '' };

/** A wrong current password, or too many wrong ones, is about the first field. */
const passwordFieldOf: FieldOfRefusal<Field> = (message, status) =>
  message === WRONG_CURRENT_PASSWORD_MESSAGE || status === 429 ? 'currentPassword' : undefined;

export function PasswordSection() {
  const [form, setForm] = useState(EMPTY);
  const [confirming, setConfirming] = useState(false);
  const { errors, checkAll, checkField, showError } = useFieldErrors<Field>();
  const change = trpc.users.changePassword.useMutation({
    onSuccess: () => {
      setForm(EMPTY);
      toastSuccess('Password cambiata', 'La password è stata aggiornata con successo');
    },
    ...refusalsUnderFields(passwordFieldOf, 'Errore nel cambiare la password', showError),
    onSettled: () => setConfirming(false),
  });
  const shown = sayOnce(errors, PASSWORD_FORM_FIELDS);

  const field = (name: Field) => ({
    value: form[name],
    error: shown[name],
    // Mantine marks only the look of an invalid PasswordInput, not its inner input.
    'aria-invalid': shown[name] ? true : undefined,
    onChange: (event: React.ChangeEvent<HTMLInputElement>) => {
      const next = { ...form, [name]: event.currentTarget.value };
      setForm(next);
      // An error shown is checked again as the field is edited, and goes once it is right.
      if (errors[name] !== undefined) checkField(changePasswordForm, next, name);
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (checkAll(changePasswordForm, form)) setConfirming(true);
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <PasswordInput
          label="Password attuale"
          autoComplete="current-password"
          {...field('currentPassword')}
        />
        <PasswordInput
          label="Nuova password"
          description={PASSWORD_HINT}
          autoComplete="new-password"
          {...field('newPassword')}
        />
        <PasswordInput
          label="Conferma nuova password"
          autoComplete="new-password"
          {...field('confirmPassword')}
        />
        <Button type="submit">Cambia password</Button>
        <Modal
          opened={confirming}
          onClose={() => !change.isPending && setConfirming(false)}
          title="Conferma cambio password"
          centered
        >
          <Stack>
            <Text>Vuoi davvero cambiare la password? Questa azione non può essere annullata.</Text>
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setConfirming(false)} disabled={change.isPending}>
                Annulla
              </Button>
              <Button
                loading={change.isPending}
                onClick={() =>
                  change.mutate({ currentPassword: form.currentPassword, newPassword: form.newPassword })
                }
              >
                Conferma
              </Button>
            </Group>
          </Stack>
        </Modal>
      </Stack>
    </form>
  );
}
