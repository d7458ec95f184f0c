import { Accordion, Badge, Button, Stack, Text, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { setEmailInput } from '../../../rpc/schemas/users-email.ts';
import { type CurrentUser, trpc } from '../../shared/api/trpc.ts';
import { refusalsUnderFields } from '../../shared/forms/server-refusals.ts';
import { useFieldErrors } from '../../shared/forms/use-field-errors.ts';
import { toastSuccess } from '../../shared/ui/toast.ts';

/**
 * Profilo → 'E-mail': the collector's address (optional), verified by the link mailed to it; it lets them
 * set a new password with 'Password dimenticata?'. Only they ever see it.
 */
export function EmailSection({ user }: { user: CurrentUser }) {
  return (
    <Accordion.Item value="email">
      <Accordion.Control>E-mail</Accordion.Control>
      <Accordion.Panel>
        <EmailForm user={user} />
      </Accordion.Panel>
    </Accordion.Item>
  );
}

function EmailForm({ user }: { user: CurrentUser }) {
  const utils = trpc.useUtils();
  const [email, setEmail] = useState(user.email ?? '');
  const { errors, checkAll, checkField, showError } = useFieldErrors<'email'>();
  const save = trpc.users.setEmail.useMutation({
    onSuccess: (me, input) => {
      utils.auth.session.setData(undefined, (session) => (session ? { ...session, ...me } : me));
      setEmail(me.email ?? '');
      if (!me.email) toastSuccess('E-mail tolta', 'Il tuo account non ha più un indirizzo e-mail');
      else if (!me.emailVerified)
        toastSuccess('Controlla la posta', `Ti abbiamo inviato un link per confermare ${input.email}`);
      else toastSuccess('E-mail salvata', 'Il tuo indirizzo è già verificato');
    },
    ...refusalsUnderFields(() => 'email' as const, "Errore nel salvare l'e-mail", showError),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const input = checkAll(setEmailInput, { email });
    if (input) save.mutate(input);
  };
  const unchanged = email.trim().toLowerCase() === (user.email ?? '');

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <TextInput
          label="Indirizzo e-mail"
          description="Facoltativo: serve a reimpostare la password se la dimentichi. Lo vedi solo tu."
          type="email"
          inputMode="email"
          autoComplete="email"
          value={email}
          error={errors.email}
          onChange={(event) => {
            const next = event.currentTarget.value;
            setEmail(next);
            if (errors.email !== undefined) checkField(setEmailInput, { email: next }, 'email');
          }}
        />
        {user.email && (
          <Stack gap={4}>
            {user.emailVerified ? (
              <Badge color="teal" variant="light" size="lg">
                Verificata
              </Badge>
            ) : (
              <Badge color="orange" variant="light" size="lg">
                Da verificare
              </Badge>
            )}
            {!user.emailVerified && (
              <Text size="sm" c="dimmed">
                Controlla la posta: apri il link che ti abbiamo inviato a {user.email}.
              </Text>
            )}
          </Stack>
        )}
        <Button
          type="submit"
          loading={save.isPending && save.variables.email !== user.email}
          disabled={unchanged}
        >
          Salva
        </Button>
        {user.email && !user.emailVerified && (
          <Button
            variant="default"
            loading={save.isPending && save.variables.email === user.email}
            onClick={() => save.mutate({ email: user.email ?? '' })}
          >
            Invia di nuovo
          </Button>
        )}
      </Stack>
    </form>
  );
}
