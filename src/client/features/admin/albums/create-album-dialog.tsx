import { Button, Group, Modal, NumberInput, Stack, Text, TextInput } from '@mantine/core';
import { type FormEvent, type KeyboardEvent, useState } from 'react';
import type { z } from 'zod';
import { ALBUM_NAME_MAX, ALBUM_YEAR, createAlbumInput } from '../../../../rpc/schemas/albums.ts';
import { type RouterOutputs, trpc } from '../../../shared/api/trpc.ts';
import { fieldErrors } from '../../../shared/forms/field-errors.ts';
import { toastError, toastSuccess } from '../../../shared/ui/toast.ts';
import {
  AlbumOrderFields,
  DEFAULT_ORDER_FIELDS,
  type OrderErrors,
  orderErrorsOf,
  orderInput,
} from './album-order-fields.tsx';
import { numberFieldValue } from './number-field.ts';
import { useRefreshCatalogue } from './use-refresh-catalogue.ts';

const EMPTY = { name: '', year: ALBUM_YEAR.default as number | string, ...DEFAULT_ORDER_FIELDS };
type Form = typeof EMPTY;
type NumberErrors = { year?: string | undefined } & OrderErrors;
type CreatedAlbum = RouterOutputs['albums']['create'];
type CreateInput = z.output<typeof createAlbumInput>;

const albumInput = (form: Form) => ({
  name: form.name,
  year: numberFieldValue(form.year, ALBUM_YEAR),
  ...orderInput(form),
});

/** The schema's verdict on the form: the name's message (a toast, as the spec has it), the numbers' own. */
function check(form: Form): { input?: CreateInput; nameError?: string | undefined; errors: NumberErrors } {
  const parsed = createAlbumInput.safeParse(albumInput(form));
  if (parsed.success) return { input: parsed.data, errors: {} };
  const { name, year, ...others } = fieldErrors(parsed.error);
  return { nameError: name, errors: { year, ...orderErrorsOf(others) } satisfies NumberErrors };
}

const pickOrder = (errors: NumberErrors): OrderErrors => ({
  orderLimit: errors.orderLimit,
  orderPrice: errors.orderPrice,
});

type Props = { opened: boolean; onClose: () => void; onCreated: (album: CreatedAlbum) => void };

/**
 * 'Crea Nuovo Album': a name and a year. The album starts empty and its stickers come next, from the
 * import that opens as soon as it is created (no nameless numbered stickers to rename one by one).
 */
export function CreateAlbumDialog({ opened, onClose, onCreated }: Props) {
  const [form, setForm] = useState(EMPTY);
  const [errors, setErrors] = useState<NumberErrors>({});
  const refresh = useRefreshCatalogue();
  const create = trpc.albums.create.useMutation({
    onSuccess: (album) => {
      toastSuccess('Album creato', 'Operazione completata');
      setForm(EMPTY);
      setErrors({});
      onClose();
      onCreated(album);
      return refresh();
    },
    meta: { errorMessage: 'Errore nella creazione' },
  });

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if (create.isPending) return;
    const checked = check(form);
    setErrors(checked.errors);
    if (checked.nameError) toastError(checked.nameError);
    if (checked.input) create.mutate(checked.input);
  };

  /** A number field is checked when the admin leaves it, and again at each change while it is wrong. */
  const checkField = (field: keyof NumberErrors, next: Form) =>
    setErrors((shown) => ({ ...shown, [field]: check(next).errors[field] }));
  const change = (field: keyof NumberErrors, next: Form) => {
    setForm(next);
    if (errors[field]) checkField(field, next);
  };

  // Enter still submits while the button is disabled (a blank name), so the admin hears why.
  const submitOnEnter = (event: KeyboardEvent<HTMLFormElement>) => {
    if (event.key !== 'Enter' || !(event.target instanceof HTMLInputElement)) return;
    event.preventDefault();
    submit();
  };

  const close = () => !create.isPending && onClose();
  return (
    <Modal opened={opened} onClose={close} title="Crea Nuovo Album" centered>
      <form onSubmit={submit} onKeyDown={submitOnEnter} noValidate>
        <Stack gap="sm">
          <TextInput
            label="Nome Album"
            placeholder="Es. Calciatori 2025-2026"
            value={form.name}
            maxLength={ALBUM_NAME_MAX}
            onChange={(event) => setForm({ ...form, name: event.currentTarget.value })}
            data-autofocus
          />
          <NumberInput
            label="Anno"
            min={ALBUM_YEAR.min}
            max={ALBUM_YEAR.max}
            clampBehavior="none"
            allowDecimal={false}
            allowNegative={false}
            value={form.year}
            onChange={(year) => change('year', { ...form, year })}
            onBlur={() => checkField('year', form)}
            error={errors.year}
          />
          <AlbumOrderFields
            value={form}
            errors={errors}
            onChange={(next) => {
              setForm({ ...form, ...next });
              if (errors.orderLimit || errors.orderPrice) setErrors(check({ ...form, ...next }).errors);
            }}
            onBlur={() => setErrors((shown) => ({ ...shown, ...pickOrder(check(form).errors) }))}
          />
          <Text size="sm" c="dimmed">
            Dopo la creazione si apre l'importazione delle figurine, nell'ordine dell'album stampato.
          </Text>
          <Group justify="flex-end" mt="sm">
            <Button variant="default" onClick={close} disabled={create.isPending}>
              Annulla
            </Button>
            <Button type="submit" disabled={form.name.trim() === '' || create.isPending}>
              {create.isPending ? 'Creando...' : 'Crea Album'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
