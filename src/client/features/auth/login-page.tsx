import { Anchor, Button, Center, Paper, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import { type FormEvent, useState } from 'react';
import { trpc } from '../../shared/api/trpc.ts';
import { AdminLink } from '../../shared/ui/admin-link.tsx';
import { Logo } from '../../shared/ui/logo.tsx';
import { NICKNAME_PLACEHOLDER, normaliseNickname } from './nickname-input.ts';

/** zod is not part of the login screen's first download: the CAP rule is fetched with the registration form. */
const loadCapSchema = () => import('../../../rpc/schemas/users.ts').then((schemas) => schemas.capSchema);

export function LoginPage() {
  const [mode, setMode] = useState<'login' | 'register'>('login');
  const [nickname, setNickname] = useState('');
  const [password, setPassword] = useState('');
  const [cap, setCap] = useState('');
  const [capError, setCapError] = useState<string>();
  const navigate = useNavigate();
  const utils = trpc.useUtils();

  const onSuccess = async () => {
    await utils.invalidate();
    await navigate({ to: '/' });
  };
  const meta = { errorMessage: 'Si è verificato un errore' };
  const login = trpc.auth.login.useMutation({ onSuccess, meta });
  const register = trpc.auth.register.useMutation({ onSuccess, meta });
  const pending = login.isPending || register.isPending;
  const isRegister = mode === 'register';

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (pending) return;
    if (!isRegister) return login.mutate({ nickname, password });
    const capCheck = (await loadCapSchema()).safeParse(cap);
    if (!capCheck.success) return setCapError(capCheck.error.issues[0]?.message);
    register.mutate({ nickname, password, cap: capCheck.data, raggioKm: 10 });
  };

  return (
    <Center mih="calc(100dvh - 80px)" px="md">
      <Paper
        component="form"
        onSubmit={(event) => void submit(event)}
        w="100%"
        maw={400}
        p="lg"
        radius="lg"
        shadow="md"
        withBorder
        noValidate
      >
        <Stack gap="md">
          <Stack gap={4} align="center">
            <Logo />
            <Text c="dimmed" ta="center">
              Scambia le tue figurine con i collezionisti vicino a te
            </Text>
          </Stack>
          <Title order={2} size="h3" ta="center">
            {isRegister ? 'Crea il tuo account' : 'Accedi al tuo account'}
          </Title>
          <TextInput
            label="Nickname"
            placeholder={NICKNAME_PLACEHOLDER}
            styles={{ input: { fontSize: 13 } }}
            value={nickname}
            onChange={(event) => setNickname(normaliseNickname(event.currentTarget.value))}
            autoComplete="username"
            autoCapitalize="characters"
            autoCorrect="off"
            spellCheck={false}
          />
          <PasswordInput
            label="Password"
            value={password}
            onChange={(event) => setPassword(event.currentTarget.value)}
            autoComplete={isRegister ? 'new-password' : 'current-password'}
          />
          {isRegister && (
            <TextInput
              label="CAP"
              placeholder="Es. 20121"
              value={cap}
              onChange={(event) => {
                setCap(event.currentTarget.value.replace(/\D/g, '').slice(0, 5));
                setCapError(undefined);
              }}
              error={capError}
              inputMode="numeric"
              autoComplete="postal-code"
            />
          )}
          <Button type="submit" size="md" fullWidth disabled={pending}>
            {pending ? 'Caricamento...' : isRegister ? 'Registrati' : 'Accedi'}
          </Button>
          <Text ta="center" size="sm">
            {isRegister ? 'Hai già un account? ' : 'Nuovo collezionista? '}
            <Anchor
              component="button"
              type="button"
              onClick={() => {
                if (!isRegister) void loadCapSchema();
                setMode(isRegister ? 'login' : 'register');
                setCapError(undefined);
              }}
            >
              {isRegister ? 'Entra con il tuo nickname' : 'Crea un account'}
            </Anchor>
          </Text>
          <AdminLink label="Area amministratori" />
        </Stack>
      </Paper>
    </Center>
  );
}
