import { Alert, Button, Center, Paper, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { errorMessage } from '../../../shared/api/error-message.ts';
import { trpc } from '../../../shared/api/trpc.ts';
import { Logo } from '../../../shared/ui/logo.tsx';
import { ADMIN_ONLY_TEXT } from './admin-only-text.ts';

/** Logging in from an admin path: on success `me` refetches and the panel replaces the form, no reload. */
export function AdminLoginForm() {
  const [nickname, setNickname] = useState('');
  const [password, setPassword] = useState('');
  const utils = trpc.useUtils();
  const login = trpc.auth.login.useMutation({ onSuccess: () => utils.invalidate() });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!login.isPending) login.mutate({ nickname, password });
  };

  return (
    <Center mih="100dvh" p="lg">
      <Paper
        component="form"
        onSubmit={submit}
        w="100%"
        maw={420}
        p="xl"
        radius="lg"
        shadow="md"
        withBorder
        noValidate
      >
        <Stack gap="md">
          <Stack gap={4} align="center">
            <Logo />
            <Title order={1} size="h4" c="dimmed" fw={600}>
              Pannello di amministrazione
            </Title>
          </Stack>
          <Title order={2} size="h3" ta="center">
            Accesso amministratore
          </Title>
          <Text size="sm" c="dimmed" ta="center">
            {ADMIN_ONLY_TEXT}
          </Text>
          <TextInput
            label="Nickname"
            value={nickname}
            onChange={(event) => setNickname(event.currentTarget.value.toUpperCase())}
            autoComplete="username"
            autoCorrect="off"
            spellCheck={false}
          />
          <PasswordInput
            label="Password"
            value={password}
            onChange={(event) => setPassword(event.currentTarget.value)}
            autoComplete="current-password"
          />
          {login.isError && (
            <Alert color="red" variant="light" title="Accesso non riuscito">
              {errorMessage(login.error, 'Si è verificato un errore')}
            </Alert>
          )}
          <Button type="submit" fullWidth disabled={login.isPending}>
            {login.isPending ? 'Caricamento...' : 'Accedi'}
          </Button>
        </Stack>
      </Paper>
    </Center>
  );
}
