import { Button, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { resetByCodeForm } from '../../../../rpc/schemas/password-reset-confirm.ts';
import { PASSWORD_HINT } from '../../../../rpc/schemas/users-messages.ts';
import { trpc } from '../../../shared/api/trpc.ts';
import { NICKNAME_INPUT, normaliseNickname } from '../../../shared/forms/nickname-input.ts';
import { refusalsUnderFields } from '../../../shared/forms/server-refusals.ts';
import { useFieldErrors } from '../../../shared/forms/use-field-errors.ts';
import { resetFieldOf } from './reset-refusals.ts';

type Field = 'nickname' | 'code' | 'password';

/** The characters an admin's code is made of: what else is typed is dropped as it is typed. */
const normaliseCode = (typed: string) =>
  typed
    .toUpperCase()
    .replace(/[^A-Z0-9]/g, '')
    .slice(0, 12);

/** 'Hai un codice dall'amministratore?': nickname, the code and a new password. */
export function ResetCodeForm({ onDone }: { onDone: () => void }) {
  const [values, setValues] = useState<Record<Field, string>>({ nickname: '', code: '', password: '' });
  const { errors, checkAll, checkField, showError } = useFieldErrors<Field>();
  const confirm = trpc.auth.confirmPasswordReset.useMutation({
    onSuccess: onDone,
    ...refusalsUnderFields(
      resetFieldOf<Field>('code', 'password'),
      'Errore nel cambiare la password',
      showError,
    ),
  });

  const change = (field: Field, value: string) => {
    const next = { ...values, [field]: value };
    setValues(next);
    if (errors[field] !== undefined) checkField(resetByCodeForm, next, field);
  };
  const leave = (field: Field) => {
    if (values[field] !== '') checkField(resetByCodeForm, values, field);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const input = checkAll(resetByCodeForm, values);
    if (input && !confirm.isPending) confirm.mutate(input);
  };

  return (
    <Stack gap="sm" renderRoot={(props) => <form {...props} onSubmit={submit} noValidate />}>
      <Title order={2} size="h4">
        Hai un codice dall'amministratore?
      </Title>
      <Text size="sm" c="dimmed">
        Inseriscilo con il tuo nickname e scegli una nuova password.
      </Text>
      <TextInput
        {...NICKNAME_INPUT}
        value={values.nickname}
        onChange={(event) => change('nickname', normaliseNickname(event.currentTarget.value))}
        onBlur={() => leave('nickname')}
        error={errors.nickname}
      />
      <TextInput
        label="Codice"
        placeholder="Es. K7P2QRX9MZ"
        autoComplete="one-time-code"
        autoCapitalize="characters"
        autoCorrect="off"
        spellCheck={false}
        styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', letterSpacing: '0.1em' } }}
        value={values.code}
        onChange={(event) => change('code', normaliseCode(event.currentTarget.value))}
        onBlur={() => leave('code')}
        error={errors.code}
      />
      <PasswordInput
        label="Nuova password"
        description={PASSWORD_HINT}
        autoComplete="new-password"
        value={values.password}
        onChange={(event) => change('password', event.currentTarget.value)}
        onBlur={() => leave('password')}
        error={errors.password}
        // Mantine marks only the look of an invalid PasswordInput, not its inner input.
        aria-invalid={errors.password ? true : undefined}
      />
      <Button type="submit" loading={confirm.isPending}>
        Imposta la nuova password
      </Button>
    </Stack>
  );
}
