import { Button, Group, Modal, NativeSelect, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';
import {
  type OpeningInterval,
  SWAP_POINT_ADDRESS_MAX,
  SWAP_POINT_KIND_LABELS,
  SWAP_POINT_KINDS,
  SWAP_POINT_NAME_MAX,
  SWAP_POINT_NOTE_MAX,
  SWAP_POINT_STATES,
  type SwapPointKind,
  type SwapPointState,
  WEEKDAY_NAMES,
} from '../../../../rpc/schemas/swap-points.ts';
import { type RouterOutputs, trpc } from '../../../shared/api/trpc.ts';
import { toastSuccess } from '../../../shared/ui/toast.ts';
import { dayHoursText, parseDayHours } from './hours-text.ts';

export type AdminSwapPoint = RouterOutputs['swapPoints']['adminList'][number];

export const STATE_LABELS: Record<SwapPointState, string> = {
  proposto: 'Proposto',
  verificato: 'Verificato',
  chiuso: 'Chiuso',
};

type Form = {
  name: string;
  kind: SwapPointKind;
  address: string;
  cap: string;
  note: string;
  state: SwapPointState;
  /** Each weekday's openings as typed, Monday first. */
  days: string[];
};

const formOf = (point: AdminSwapPoint | null): Form => ({
  name: point?.name ?? '',
  kind: point?.kind ?? 'edicola',
  address: point?.address ?? '',
  cap: point?.cap ?? '',
  note: point?.note ?? '',
  state: point?.state ?? 'verificato',
  days: WEEKDAY_NAMES.map((_, index) => dayHoursText(point?.openingHours ?? [], index + 1)),
});

/**
 * A Punto Scambio's card in the panel: a new one, or one to edit (a suggestion verified, a place closed).
 * Each weekday's openings in one field ('09:00-12:30, 15:00-19:00'; empty: closed).
 */
export function SwapPointDialog({
  point,
  opened,
  onClose,
}: {
  /** null: a new place. */
  point: AdminSwapPoint | null;
  opened: boolean;
  onClose: () => void;
}) {
  const utils = trpc.useUtils();
  const [form, setForm] = useState<Form>(() => formOf(point));
  const [dayErrors, setDayErrors] = useState<(string | undefined)[]>([]);
  useEffect(() => {
    if (opened) {
      setForm(formOf(point));
      setDayErrors([]);
    }
  }, [opened, point]);
  const done = () => {
    toastSuccess(point ? 'Punto Scambio aggiornato' : 'Punto Scambio aggiunto', 'Operazione completata');
    void utils.swapPoints.invalidate();
    onClose();
  };
  const meta = { errorMessage: 'Errore nel salvataggio del Punto Scambio' };
  const create = trpc.swapPoints.create.useMutation({ onSuccess: done, meta });
  const update = trpc.swapPoints.update.useMutation({ onSuccess: done, meta });
  const pending = create.isPending || update.isPending;
  const set = <K extends keyof Form>(field: K, value: Form[K]) =>
    setForm((current) => ({ ...current, [field]: value }));

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (pending) return;
    const read = form.days.map((text, index) => parseDayHours(text, index + 1));
    const errors = read.map((one) => (typeof one === 'string' ? one : undefined));
    setDayErrors(errors);
    if (errors.some(Boolean)) return;
    const openingHours = read.flat() as OpeningInterval[];
    const { days: _days, ...fields } = form;
    if (point) update.mutate({ id: point.id, ...fields, openingHours });
    else create.mutate({ ...fields, openingHours });
  };

  return (
    <Modal
      opened={opened}
      onClose={() => !pending && onClose()}
      title={point ? `Modifica ${point.name}` : 'Nuovo Punto Scambio'}
      size="lg"
      centered
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <SimpleGrid cols={2}>
            <TextInput
              label="Nome"
              required
              maxLength={SWAP_POINT_NAME_MAX}
              value={form.name}
              onChange={(event) => set('name', event.currentTarget.value)}
            />
            <NativeSelect
              label="Tipo"
              value={form.kind}
              data={SWAP_POINT_KINDS.map((kind) => ({ value: kind, label: SWAP_POINT_KIND_LABELS[kind] }))}
              onChange={(event) => set('kind', event.currentTarget.value as SwapPointKind)}
            />
            <TextInput
              label="Indirizzo"
              required
              maxLength={SWAP_POINT_ADDRESS_MAX}
              value={form.address}
              onChange={(event) => set('address', event.currentTarget.value)}
            />
            <TextInput
              label="CAP"
              required
              maxLength={5}
              value={form.cap}
              onChange={(event) => set('cap', event.currentTarget.value.replace(/\D/g, ''))}
            />
          </SimpleGrid>
          <fieldset style={{ border: 0, padding: 0, margin: 0 }}>
            <legend style={{ fontWeight: 600, marginBottom: 4 }}>Orari di apertura</legend>
            <SimpleGrid cols={2} spacing="xs" verticalSpacing={4}>
              {WEEKDAY_NAMES.map((day, index) => (
                <TextInput
                  key={day}
                  label={day[0]?.toUpperCase() + day.slice(1)}
                  placeholder="chiuso"
                  value={form.days[index]}
                  error={dayErrors[index]}
                  onChange={(event) => {
                    const text = event.currentTarget.value;
                    setForm((current) => ({
                      ...current,
                      days: current.days.map((one, i) => (i === index ? text : one)),
                    }));
                  }}
                />
              ))}
            </SimpleGrid>
          </fieldset>
          <Textarea
            label="Nota"
            maxLength={SWAP_POINT_NOTE_MAX}
            autosize
            minRows={2}
            value={form.note}
            onChange={(event) => set('note', event.currentTarget.value)}
          />
          <NativeSelect
            label="Stato"
            value={form.state}
            data={SWAP_POINT_STATES.map((state) => ({ value: state, label: STATE_LABELS[state] }))}
            onChange={(event) => set('state', event.currentTarget.value as SwapPointState)}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={pending}>
              Annulla
            </Button>
            <Button type="submit" loading={pending}>
              Salva
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
