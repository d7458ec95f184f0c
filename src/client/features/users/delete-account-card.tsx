import { Button, Card, Group, List, Modal, PasswordInput, Stack, Text } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { deleteAccountInput } from '../../../rpc/schemas/account-deletion.ts';
import { WRONG_CURRENT_PASSWORD_MESSAGE } from '../../../rpc/schemas/users-messages.ts';
import { trpc } from '../../shared/api/trpc.ts';
import { refusalsUnderFields } from '../../shared/forms/server-refusals.ts';
import { useFieldErrors } from '../../shared/forms/use-field-errors.ts';
import { useUnsentChanges } from '../../shared/session/unsent-changes.ts';
import { toastSuccess } from '../../shared/ui/toast.ts';
import { useLogOut } from './use-log-out.ts';

type Field = 'password';

/**
 * 'Elimina account', at the bottom of Profilo: what goes and what stays, the password, a last
 * confirmation; then the collector is logged out to the login screen.
 */
export function DeleteAccountCard() {
  const [opened, setOpened] = useState(false);
  const [password, setPassword] = useState('');
  const [confirming, setConfirming] = useState(false);
  const { errors, checkAll, showError, clearErrors } = useFieldErrors<Field>();
  const { discard } = useUnsentChanges();
  const logOut = useLogOut();
  const remove = trpc.users.deleteAccount.useMutation({
    onSuccess: async () => {
      // Marks still waiting for the server belong to an account that no longer exists.
      await discard();
      await logOut();
      toastSuccess('Account eliminato', 'Il tuo account e i tuoi dati sono stati eliminati');
    },
    ...refusalsUnderFields<Field>(
      (message, status) =>
        message === WRONG_CURRENT_PASSWORD_MESSAGE || status === 429 || status === 400
          ? 'password'
          : undefined,
      'Errore nell’eliminare l’account',
      showError,
    ),
    onSettled: () => setConfirming(false),
  });

  const close = () => {
    if (remove.isPending) return;
    setOpened(false);
    setConfirming(false);
    setPassword('');
    clearErrors();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (checkAll(deleteAccountInput, { password })) setConfirming(true);
  };

  return (
    <Card withBorder radius="md" padding="md" style={{ borderColor: 'var(--mantine-color-red-4)' }}>
      <Stack gap="xs">
        <Text fw={700} c="red.8">
          Elimina account
        </Text>
        <Text size="sm" c="dimmed">
          Cancella per sempre il tuo account e la tua collezione.
        </Text>
        <Button
          // red.8: the default red reads under 4.5:1 on white (axe, issue 45's Profilo check).
          color="red.8"
          variant="outline"
          leftSection={<IconTrash size={18} aria-hidden />}
          onClick={() => setOpened(true)}
          fullWidth
        >
          Elimina account
        </Button>
      </Stack>
      <Modal opened={opened} onClose={close} title="Elimina account" centered>
        <form onSubmit={submit} noValidate>
          <Stack gap="sm">
            <Text size="sm" fw={600}>
              Cosa viene eliminato
            </Text>
            <List size="sm" spacing={0} style={{ marginBlock: 0 }}>
              <List.Item>account, nickname e collezione (doppie e figurine segnate)</List.Item>
              <List.Item>accessi da tutti i dispositivi e blocchi</List.Item>
              <List.Item>scambi in corso: annullati, l’altro collezionista viene avvisato</List.Item>
            </List>
            <Text size="sm" fw={600}>
              Cosa resta, firmato «Utente eliminato»
            </Text>
            <List size="sm" spacing={0} style={{ marginBlock: 0 }}>
              <List.Item>i tuoi messaggi, per chi li ha ricevuti</List.Item>
              <List.Item>gli scambi conclusi e le valutazioni, per l’altro collezionista</List.Item>
              <List.Item>le segnalazioni, per gli amministratori</List.Item>
            </List>
            <Text size="sm">Non si può annullare. Per continuare inserisci la tua password.</Text>
            <PasswordInput
              label="Password"
              autoComplete="current-password"
              value={password}
              error={errors.password}
              aria-invalid={errors.password ? true : undefined}
              onChange={(event) => setPassword(event.currentTarget.value)}
              data-autofocus
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={close} disabled={remove.isPending}>
                Annulla
              </Button>
              <Button type="submit" color="red">
                Continua
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
      <Modal
        opened={confirming}
        onClose={() => !remove.isPending && setConfirming(false)}
        title="Eliminare davvero l’account?"
        centered
      >
        <Stack>
          <Text>Il tuo account e la tua collezione saranno eliminati per sempre.</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(false)} disabled={remove.isPending}>
              Annulla
            </Button>
            <Button color="red" loading={remove.isPending} onClick={() => remove.mutate({ password })}>
              Sì, elimina
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Card>
  );
}
