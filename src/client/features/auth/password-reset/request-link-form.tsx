import { Alert, Button, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconMail } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { passwordResetRequestInput } from '../../../../rpc/schemas/users-email.ts';
import { trpc } from '../../../shared/api/trpc.ts';
import { refusalsUnderFields } from '../../../shared/forms/server-refusals.ts';
import { useFieldErrors } from '../../../shared/forms/use-field-errors.ts';

export const LINK_SENT_MESSAGE =
  "Se l'account ha un'e-mail verificata, riceverai un link entro pochi minuti.";

/** 'Ricevi un link via e-mail': the same answer whether or not the nickname or address is an account's. */
export function RequestLinkForm() {
  const [login, setLogin] = useState('');
  const [sent, setSent] = useState(false);
  const { errors, checkAll, checkField, showError } = useFieldErrors<'login'>();
  const request = trpc.auth.requestPasswordReset.useMutation({
    onSuccess: () => setSent(true),
    ...refusalsUnderFields<'login'>(
      (_message, status) => (status < 500 ? 'login' : undefined),
      "Errore nell'invio del link",
      showError,
    ),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const input = checkAll(passwordResetRequestInput, { login });
    if (input && !request.isPending) request.mutate(input);
  };

  return (
    <Stack gap="sm" renderRoot={(props) => <form {...props} onSubmit={submit} noValidate />}>
      <Title order={2} size="h4">
        Ricevi un link via e-mail
      </Title>
      {sent ? (
        <Alert color="teal" variant="light" icon={<IconMail aria-hidden />} role="status">
          {LINK_SENT_MESSAGE}
        </Alert>
      ) : (
        <>
          <Text size="sm" c="dimmed">
            Funziona se hai confermato un'e-mail nel tuo profilo.
          </Text>
          <TextInput
            label="Nickname o e-mail"
            autoComplete="username"
            autoCapitalize="off"
            autoCorrect="off"
            spellCheck={false}
            value={login}
            onChange={(event) => {
              const next = event.currentTarget.value;
              setLogin(next);
              if (errors.login !== undefined) checkField(passwordResetRequestInput, { login: next }, 'login');
            }}
            error={errors.login}
          />
          <Button type="submit" variant="light" loading={request.isPending}>
            Invia il link
          </Button>
        </>
      )}
    </Stack>
  );
}
