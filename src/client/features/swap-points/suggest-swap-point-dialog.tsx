import { Button, Modal, NativeSelect, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useState } from 'react';
import {
  SWAP_POINT_ADDRESS_MAX,
  SWAP_POINT_KIND_LABELS,
  SWAP_POINT_KINDS,
  SWAP_POINT_NAME_MAX,
  SWAP_POINT_NOTE_MAX,
  type SwapPointKind,
} from '../../../rpc/schemas/swap-points.ts';
import { trpc } from '../../shared/api/trpc.ts';
import { type FieldOfRefusal, refusalsUnderFields } from '../../shared/forms/server-refusals.ts';
import { toastSuccess } from '../../shared/ui/toast.ts';

type Field = 'name' | 'address' | 'cap' | 'note';

/** Which field a refusal is about, from the words it starts with (schemas/swap-points.ts and the CAP's). */
const fieldOf: FieldOfRefusal<Field> = (message) => {
  if (message.startsWith('Il nome')) return 'name';
  if (message.startsWith("L'indirizzo")) return 'address';
  if (message.startsWith('La nota')) return 'note';
  if (message.includes('CAP') || message.includes('comune')) return 'cap';
  return undefined;
};

/**
 * 'Suggerisci un luogo': a public place (never a home) where collectors could meet; it waits for an admin,
 * who checks it and adds its opening hours before anyone meets there.
 */
export function SuggestSwapPointDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const utils = trpc.useUtils();
  const [values, setValues] = useState({
    name: '',
    kind: 'edicola' as SwapPointKind,
    address: '',
    cap: '',
    note: '',
  });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const suggest = trpc.swapPoints.suggest.useMutation({
    onSuccess: () => {
      toastSuccess('Grazie!', 'Un amministratore verificherà il luogo prima che compaia nella lista');
      void utils.swapPoints.invalidate();
      setValues({ name: '', kind: 'edicola', address: '', cap: '', note: '' });
      onClose();
    },
    ...refusalsUnderFields(fieldOf, "Errore nell'invio del suggerimento", (field, message) =>
      setErrors({ [field]: message }),
    ),
  });
  const set = (field: keyof typeof values) => (value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  return (
    <Modal
      opened={opened}
      onClose={() => !suggest.isPending && onClose()}
      title="Suggerisci un Punto Scambio"
      fullScreen
      radius={0}
      styles={{ title: { fontWeight: 700, fontSize: 18 } }}
    >
      <form
        onSubmit={(event) => {
          event.preventDefault();
          suggest.mutate({ ...values, openingHours: [] });
        }}
      >
        <Stack gap="md">
          <Text c="dimmed" size="sm">
            Solo luoghi pubblici e frequentati: mai un'abitazione privata. Un amministratore controlla ogni
            suggerimento e ne aggiunge gli orari.
          </Text>
          <TextInput
            label="Nome del luogo"
            required
            maxLength={SWAP_POINT_NAME_MAX}
            value={values.name}
            error={errors.name}
            onChange={(event) => set('name')(event.currentTarget.value)}
          />
          <NativeSelect
            label="Tipo di luogo"
            value={values.kind}
            data={SWAP_POINT_KINDS.map((kind) => ({ value: kind, label: SWAP_POINT_KIND_LABELS[kind] }))}
            onChange={(event) => set('kind')(event.currentTarget.value)}
          />
          <TextInput
            label="Indirizzo"
            required
            maxLength={SWAP_POINT_ADDRESS_MAX}
            value={values.address}
            error={errors.address}
            onChange={(event) => set('address')(event.currentTarget.value)}
          />
          <TextInput
            label="CAP"
            required
            inputMode="numeric"
            maxLength={5}
            value={values.cap}
            error={errors.cap}
            onChange={(event) => set('cap')(event.currentTarget.value.replace(/\D/g, ''))}
          />
          <Textarea
            label="Nota (facoltativa)"
            description="Per esempio: chiedi al titolare, il sabato mattina c'è più gente"
            maxLength={SWAP_POINT_NOTE_MAX}
            autosize
            minRows={2}
            value={values.note}
            error={errors.note}
            onChange={(event) => set('note')(event.currentTarget.value)}
          />
          <Button type="submit" h={48} loading={suggest.isPending}>
            Invia suggerimento
          </Button>
        </Stack>
      </form>
    </Modal>
  );
}
