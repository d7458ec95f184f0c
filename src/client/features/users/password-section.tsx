import { Button, Group, Modal, PasswordInput, Stack, Text } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { changePasswordForm } from '../../../rpc/schemas/users.ts';
import { trpc } from '../../shared/api/trpc.ts';
import { toastSuccess } from '../../shared/ui/toast.ts';

const EMPTY = { currentPassword: '', newPassword: '', confirmPassword: '' };

export function PasswordSection() {
  const [form, setForm] = useState(EMPTY);
  const [formError, setFormError] = useState<string>();
  const [confirming, setConfirming] = useState(false);
  const change = trpc.users.changePassword.useMutation({
    onSuccess: () => {
      setForm(EMPTY);
      toastSuccess('Password cambiata', 'La password è stata aggiornata con successo');
    },
    meta: { errorMessage: 'Errore nel cambiare la password' },
    onSettled: () => setConfirming(false),
  });

  const field = (name: keyof typeof EMPTY) => ({
    value: form[name],
    onChange: (event: React.ChangeEvent<HTMLInputElement>) => {
      setForm({ ...form, [name]: event.currentTarget.value });
      setFormError(undefined);
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = changePasswordForm.safeParse(form);
    if (!parsed.success) return setFormError(parsed.error.issues[0]?.message);
    setConfirming(true);
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <PasswordInput
          label="Password attuale"
          autoComplete="current-password"
          {...field('currentPassword')}
        />
        <PasswordInput label="Nuova password" autoComplete="new-password" {...field('newPassword')} />
        <PasswordInput
          label="Conferma nuova password"
          autoComplete="new-password"
          {...field('confirmPassword')}
        />
        {formError && (
          <Text c="red.7" size="sm" role="alert">
            {formError}
          </Text>
        )}
        <Button type="submit">Cambia password</Button>
        <Modal
          opened={confirming}
          onClose={() => !change.isPending && setConfirming(false)}
          title="Conferma cambio password"
          centered
        >
          <Stack>
            <Text>Sei sicuro di voler cambiare la password? Questa azione non può essere annullata.</Text>
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
