import { Anchor, Button, Center, Paper, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';
import { PASSWORD_HINT, UNDER_14_SIGN_UP_MESSAGE } from '../../../rpc/schemas/users-messages.ts';
import { AskAParent, BirthMonthInput } from '../../shared/forms/birth-month-input.tsx';
import { CAP_INPUT, normaliseCap } from '../../shared/forms/cap-input.ts';
import {
  NICKNAME_INPUT,
  NICKNAME_RULE,
  nicknameChangeNote,
  normaliseNickname,
  typedNickname,
} from '../../shared/forms/nickname-input.ts';
import { LegalLinks } from '../../shared/ui/legal-links.tsx';
import { Logo } from '../../shared/ui/logo.tsx';
import { TAP_TARGET } from '../../shared/ui/tap-target.ts';
import { HowItWorks } from './how-it-works.tsx';
import { useAuthForm } from './use-auth-form.ts';

// Only once a CAP is typed in registration: Mantine's Select stays out of the login screen's first download.
const ComunePicker = lazy(() =>
  import('../../shared/forms/comune-picker.tsx').then(({ ComunePicker }) => ({ default: ComunePicker })),
);

export function LoginPage() {
  const form = useAuthForm();
  const isRegister = form.mode === 'register';

  return (
    <Center mih="calc(100dvh - 80px)" px="md">
      <Paper
        component="form"
        onSubmit={(event) => void form.submit(event)}
        onFocus={form.prepare}
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
          <HowItWorks />
          <Title order={2} size="h3" ta="center">
            {isRegister ? 'Crea il tuo account' : 'Accedi al tuo account'}
          </Title>
          {isRegister && (
            <BirthMonthInput
              value={form.values}
              onChange={form.change}
              onBlur={form.leave}
              errors={form.errors}
            />
          )}
          {isRegister && form.errors.birthYear === UNDER_14_SIGN_UP_MESSAGE && <AskAParent signingUp />}
          <TextInput
            {...NICKNAME_INPUT}
            description={
              isRegister
                ? (nicknameChangeNote(form.typedNickname, form.values.nickname) ?? NICKNAME_RULE)
                : undefined
            }
            value={form.values.nickname}
            onChange={(event) => {
              const raw = event.currentTarget.value;
              form.setTypedNickname(typedNickname(form.typedNickname, form.values.nickname, raw));
              form.change('nickname', normaliseNickname(raw));
            }}
            onBlur={() => form.leave('nickname')}
            error={form.errors.nickname}
          />
          <PasswordInput
            label="Password"
            description={isRegister ? PASSWORD_HINT : undefined}
            value={form.values.password}
            onChange={(event) => form.change('password', event.currentTarget.value)}
            onBlur={() => form.leave('password')}
            error={form.errors.password}
            // Mantine marks only the look of an invalid PasswordInput, not its inner input.
            aria-invalid={form.errors.password ? true : undefined}
            autoComplete={isRegister ? 'new-password' : 'current-password'}
          />
          {!isRegister && (
            <Text size="sm" ta="right" mt={-8}>
              <Anchor component={Link} to="/password-dimenticata" style={TAP_TARGET}>
                Password dimenticata?
              </Anchor>
            </Text>
          )}
          {isRegister && (
            <TextInput
              {...CAP_INPUT}
              value={form.values.cap}
              onChange={(event) => form.change('cap', normaliseCap(event.currentTarget.value))}
              onBlur={() => form.leave('cap')}
              error={form.errors.cap}
            />
          )}
          {isRegister && form.values.cap.length === 5 && (
            <Suspense fallback={null}>
              <ComunePicker cap={form.values.cap} value={form.comune} onChange={form.pickComune} />
            </Suspense>
          )}
          {isRegister && (
            <Text size="sm" ta="center">
              Registrandoti accetti i{' '}
              <Anchor component={Link} to="/termini" style={TAP_TARGET}>
                Termini
              </Anchor>
            </Text>
          )}
          <Button type="submit" fullWidth disabled={form.pending}>
            {form.pending ? 'Caricamento...' : isRegister ? 'Registrati' : 'Accedi'}
          </Button>
          <Text ta="center" size="sm">
            {isRegister ? 'Hai già un account? ' : 'Nuovo collezionista? '}
            <Anchor component="button" type="button" onClick={form.switchMode} style={TAP_TARGET}>
              {isRegister ? 'Entra con il tuo nickname' : 'Crea un account'}
            </Anchor>
          </Text>
          <LegalLinks dimmed />
        </Stack>
      </Paper>
    </Center>
  );
}
