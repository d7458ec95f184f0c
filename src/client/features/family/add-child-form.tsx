import './family-mantine.css';
import { Button, Checkbox, Stack, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { addChildInput } from '../../../rpc/schemas/family.ts';
import { NICKNAME_TAKEN_MESSAGE } from '../../../rpc/schemas/users-messages.ts';
import { trpc } from '../../shared/api/trpc.ts';
import {
  BirthMonthInput,
  type BirthMonthValue,
  birthMonthInput,
} from '../../shared/forms/birth-month-input.tsx';
import { refusalsUnderFields } from '../../shared/forms/server-refusals.ts';
import { useFieldErrors } from '../../shared/forms/use-field-errors.ts';
import { toastSuccess } from '../../shared/ui/toast.ts';

type Field = 'nickname' | 'birthMonth' | 'birthYear' | 'parentalResponsibility';

const EMPTY = { nickname: '', birthMonth: '', birthYear: '', parentalResponsibility: false };

/**
 * 'Aggiungi un profilo': the child's nickname and birth month and year, and the parent's declaration.
 * The schema the server checks with places each error under its field.
 */
export function AddChildForm({ onDone }: { onDone: () => void }) {
  const [values, setValues] = useState(EMPTY);
  const { errors, checkAll, checkField, showError } = useFieldErrors<Field>();
  const utils = trpc.useUtils();
  const add = trpc.family.addChild.useMutation({
    onSuccess: async (child) => {
      await utils.family.children.invalidate();
      toastSuccess('Profilo aggiunto', `Ora puoi usare il profilo di ${child.nickname}`);
      setValues(EMPTY);
      onDone();
    },
    ...refusalsUnderFields<Field>(
      (message, status) =>
        message === NICKNAME_TAKEN_MESSAGE ? 'nickname' : status === 400 ? 'birthYear' : undefined,
      'Errore nell’aggiungere il profilo',
      showError,
    ),
  });
  const input = (form: typeof EMPTY) => ({
    nickname: form.nickname,
    ...birthMonthInput(form),
    ...(form.parentalResponsibility ? { parentalResponsibility: true } : {}),
  });
  /** A field showing an error is checked again as it changes, so the error goes once it is right. */
  const change = <F extends Field>(field: F, value: (typeof EMPTY)[F]) => {
    const next = { ...values, [field]: value };
    setValues(next);
    if (errors[field] !== undefined) checkField(addChildInput, input(next), field);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = checkAll(addChildInput, input(values));
    if (parsed) add.mutate(parsed);
  };
  const birth: BirthMonthValue = { birthMonth: values.birthMonth, birthYear: values.birthYear };

  return (
    <form onSubmit={submit} noValidate aria-label="Nuovo profilo">
      <Stack gap="sm">
        <TextInput
          label="Nickname del profilo"
          description="Lettere maiuscole e numeri, fino a 8: non usare il suo nome vero"
          value={values.nickname}
          onChange={(event) => change('nickname', event.currentTarget.value.toUpperCase())}
          error={errors.nickname}
          maxLength={8}
          autoComplete="off"
        />
        <BirthMonthInput value={birth} onChange={change} errors={errors} />
        <Checkbox
          label="Dichiaro di essere il genitore o di avere la responsabilità genitoriale su questo minore"
          checked={values.parentalResponsibility}
          onChange={(event) => change('parentalResponsibility', event.currentTarget.checked)}
          error={errors.parentalResponsibility}
        />
        <Button type="submit" loading={add.isPending}>
          Aggiungi profilo
        </Button>
      </Stack>
    </form>
  );
}
