import { Alert, Anchor, Button, PasswordInput, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { Link, useSearch } from '@tanstack/react-router';
import { type FormEvent, useState } from 'react';
import { INVALID_RESET_MESSAGE, resetByLinkForm } from '../../../../rpc/schemas/password-reset-confirm.ts';
import { PASSWORD_HINT } from '../../../../rpc/schemas/users-messages.ts';
import { trpc } from '../../../shared/api/trpc.ts';
import { refusalsUnderFields } from '../../../shared/forms/server-refusals.ts';
import { useFieldErrors } from '../../../shared/forms/use-field-errors.ts';
import { StrangerCard } from '../../../shared/ui/stranger-card.tsx';
import { PasswordResetDone } from './password-reset-done.tsx';
import { resetFieldOf } from './reset-refusals.ts';

type Field = 'link' | 'password';

function InvalidLink({ message }: { message: string }) {
  return (
    <Alert color="red" variant="light" icon={<IconAlertTriangle aria-hidden />} role="alert">
      <Text size="sm">{message}.</Text>
      <Anchor component={Link} to="/password-dimenticata" size="sm">
        Chiedi un nuovo link
      </Anchor>
    </Alert>
  );
}

/** /reimposta-password?token=…: the link of a reset mail; a new password ends every session. */
export function ResetPasswordPage() {
  const { token } = useSearch({ from: '/reimposta-password' });
  const [password, setPassword] = useState('');
  const { errors, checkAll, checkField, showError } = useFieldErrors<Field>();
  const confirm = trpc.auth.confirmPasswordReset.useMutation(
    refusalsUnderFields(
      resetFieldOf<Field>('link', 'password'),
      'Errore nel cambiare la password',
      showError,
    ),
  );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const input = checkAll(resetByLinkForm, { password });
    if (input && token && !confirm.isPending) confirm.mutate({ token, password: input.password });
  };

  let content: React.ReactNode;
  if (confirm.isSuccess) content = <PasswordResetDone />;
  else if (!token) content = <InvalidLink message={INVALID_RESET_MESSAGE} />;
  else {
    content = (
      <Stack gap="sm" renderRoot={(props) => <form {...props} onSubmit={submit} noValidate />}>
        <Text size="sm" c="dimmed">
          Scegli la nuova password: uscirai da tutti i dispositivi e accederai con questa.
        </Text>
        {errors.link && <InvalidLink message={errors.link} />}
        <PasswordInput
          label="Nuova password"
          description={PASSWORD_HINT}
          autoComplete="new-password"
          value={password}
          onChange={(event) => {
            const next = event.currentTarget.value;
            setPassword(next);
            if (errors.password !== undefined) checkField(resetByLinkForm, { password: next }, 'password');
          }}
          error={errors.password}
          aria-invalid={errors.password ? true : undefined}
        />
        <Button type="submit" loading={confirm.isPending}>
          Imposta la nuova password
        </Button>
      </Stack>
    );
  }
  return (
    <StrangerCard title="Reimposta la password" backToLogin={!confirm.isSuccess}>
      {content}
    </StrangerCard>
  );
}
