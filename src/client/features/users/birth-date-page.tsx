import { Button, Center, Paper, Stack, Text, Title } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import { type FormEvent, useState } from 'react';
import { birthDateInput } from '../../../rpc/schemas/users.ts';
import { UNDER_14_SIGN_UP_MESSAGE } from '../../../rpc/schemas/users-messages.ts';
import { trpc } from '../../shared/api/trpc.ts';
import {
  AskAParent,
  BirthMonthInput,
  type BirthMonthValue,
  birthMonthInput,
} from '../../shared/forms/birth-month-input.tsx';
import { type FieldOfRefusal, refusalsUnderFields } from '../../shared/forms/server-refusals.ts';
import { useFieldErrors } from '../../shared/forms/use-field-errors.ts';
import { useCurrentUser } from '../../shared/session/use-current-user.ts';
import { LogoutButton } from './logout-button.tsx';

type Field = keyof BirthMonthValue;

/** The two refusals the server alone can make: under 14, and a date already given. */
const birthFieldOf: FieldOfRefusal<Field> = (_message, status) => (status === 403 ? 'birthYear' : undefined);

/**
 * Asked once of an account made before birth dates were (issue 45), at its next visit, before any other
 * screen: it cannot be skipped, only answered or left with 'Esci'. Until then the account has a minor's
 * defaults.
 */
export function BirthDatePage() {
  const { user } = useCurrentUser();
  const [values, setValues] = useState<BirthMonthValue>({ birthMonth: '', birthYear: '' });
  const { errors, checkAll, checkField, showError } = useFieldErrors<Field>();
  const navigate = useNavigate();
  const utils = trpc.useUtils();
  const save = trpc.users.updateProfile.useMutation({
    onSuccess: async (me) => {
      utils.auth.session.setData(undefined, me);
      await navigate({ to: '/', replace: true });
    },
    ...refusalsUnderFields(birthFieldOf, 'Errore nel salvare la data di nascita', showError),
  });

  const change = (field: Field, value: string) => {
    const next = { ...values, [field]: value };
    setValues(next);
    if (errors[field] !== undefined) checkField(birthDateInput, birthMonthInput(next), field);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const birth = checkAll(birthDateInput, birthMonthInput(values));
    if (birth && user) {
      save.mutate({
        nickname: user.nickname,
        cap: user.cap,
        ...(user.comune ? { comune: user.comune } : {}),
        ...birth,
      });
    }
  };

  return (
    <Center mih="calc(100dvh - 80px)" px="md">
      <Paper
        component="form"
        onSubmit={submit}
        noValidate
        w="100%"
        maw={400}
        p="lg"
        radius="lg"
        shadow="md"
        withBorder
      >
        <Stack gap="md">
          <Title order={1} size="h3">
            La tua data di nascita
          </Title>
          <Text size="sm">
            Chiediamo a ogni collezionista il mese e l'anno di nascita: servono a proteggere i più giovani. Te
            lo chiediamo una volta sola e nessun altro lo vedrà.
          </Text>
          <BirthMonthInput value={values} onChange={change} errors={errors} />
          {errors.birthYear === UNDER_14_SIGN_UP_MESSAGE && <AskAParent signingUp={false} />}
          <Button type="submit" fullWidth loading={save.isPending}>
            Conferma
          </Button>
          <LogoutButton />
        </Stack>
      </Paper>
    </Center>
  );
}
