import { Button, Stack, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { profileFields } from '../../../rpc/schemas/users.ts';
import type { CurrentUser } from '../../shared/api/trpc.ts';
import { trpc } from '../../shared/api/trpc.ts';
import { CAP_INPUT, normaliseCap } from '../../shared/forms/cap-input.ts';
import { ComunePicker } from '../../shared/forms/comune-picker.tsx';
import { NICKNAME_INPUT, NICKNAME_RULE, normaliseNickname } from '../../shared/forms/nickname-input.ts';
import { collectorFieldOf, refusalsUnderFields } from '../../shared/forms/server-refusals.ts';
import { useFieldErrors } from '../../shared/forms/use-field-errors.ts';
import { toastSuccess } from '../../shared/ui/toast.ts';

type Field = 'nickname' | 'cap';

/** The server's own rules for the two fields (the CAP's existence is only the server's to know). */
const accountForm = profileFields.pick({ nickname: true, cap: true });

export function AccountSection({ user }: { user: CurrentUser }) {
  const [values, setValues] = useState<Record<Field, string>>({ nickname: user.nickname, cap: user.cap });
  // Picked below the CAP when it is shared or unknown (docs/cap-data.md); a new CAP forgets it.
  const [comune, setComune] = useState(user.comune ?? undefined);
  const { errors, checkAll, checkField, showError } = useFieldErrors<Field>();
  const utils = trpc.useUtils();
  const update = trpc.users.updateProfile.useMutation({
    onSuccess: (me) => {
      utils.auth.session.setData(undefined, me);
      toastSuccess('Profilo aggiornato', 'Le modifiche sono state salvate con successo');
    },
    ...refusalsUnderFields(collectorFieldOf, "Errore nell'aggiornare il profilo", showError),
  });

  const change = (field: Field, value: string) => {
    if (field === 'cap' && value !== values.cap) setComune(undefined);
    const next = { ...values, [field]: value };
    setValues(next);
    if (errors[field] !== undefined) checkField(accountForm, next, field);
  };
  const leave = (field: Field) => {
    if (values[field] !== '') checkField(accountForm, values, field);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const input = checkAll(accountForm, values);
    if (input) update.mutate({ ...input, ...(comune ? { comune } : {}) });
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <TextInput
          {...NICKNAME_INPUT}
          description={NICKNAME_RULE}
          value={values.nickname}
          onChange={(event) => change('nickname', normaliseNickname(event.currentTarget.value))}
          onBlur={() => leave('nickname')}
          error={errors.nickname}
        />
        <TextInput
          {...CAP_INPUT}
          value={values.cap}
          onChange={(event) => change('cap', normaliseCap(event.currentTarget.value))}
          onBlur={() => leave('cap')}
          error={errors.cap}
        />
        <ComunePicker
          cap={values.cap}
          value={comune}
          onChange={(picked) => {
            setComune(picked);
            checkField(accountForm, values, 'cap');
          }}
        />
        <Button type="submit" loading={update.isPending}>
          Salva modifiche
        </Button>
      </Stack>
    </form>
  );
}
