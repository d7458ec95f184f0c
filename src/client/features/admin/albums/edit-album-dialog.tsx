import { Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { ALBUM_NAME_MAX, updateAlbumInput } from '../../../../rpc/schemas/albums.ts';
import { trpc } from '../../../shared/api/trpc.ts';
import { fieldErrors } from '../../../shared/forms/field-errors.ts';
import { toastSuccess } from '../../../shared/ui/toast.ts';
import { useLastSelected } from '../use-last-selected.ts';
import {
  AlbumOrderFields,
  type OrderFields,
  orderErrorsOf,
  orderFieldsOf,
  orderInput,
} from './album-order-fields.tsx';
import type { AdminAlbum } from './album-row.tsx';
import { useRefreshCatalogue } from './use-refresh-catalogue.ts';

type Props = { album: AdminAlbum | null; onClose: () => void };

/**
 * 'Modifica Album': its name (new and non-blank, spec §5), its order limit and price per sticker
 * (issue 49); saving needs something changed.
 */
export function EditAlbumDialog({ album, onClose }: Props) {
  const shown = useLastSelected(album);
  return (
    <Modal opened={album !== null} onClose={onClose} title="Modifica Album" centered>
      {/* Keyed, so each album opens with its own values in the fields. */}
      {shown && <EditForm key={shown.id} album={shown} onClose={onClose} />}
    </Modal>
  );
}

function EditForm({ album, onClose }: { album: AdminAlbum; onClose: () => void }) {
  const [name, setName] = useState(album.name);
  const [order, setOrder] = useState<OrderFields>(orderFieldsOf(album));
  const refresh = useRefreshCatalogue();
  const update = trpc.albums.update.useMutation({
    onSuccess: (updated) => {
      const renamed = updated.name !== album.name;
      toastSuccess(
        'Album modificato',
        renamed ? `Nome cambiato in "${updated.name}"` : "Impostazioni dell'ordine salvate",
      );
      onClose();
      return refresh();
    },
    meta: { errorMessage: "Errore nella modifica dell'album" },
  });
  const parsed = updateAlbumInput.safeParse({ id: album.id, name, ...orderInput(order) });
  const errors = parsed.success ? {} : orderErrorsOf(fieldErrors(parsed.error));
  const changed =
    parsed.success &&
    (parsed.data.name !== album.name ||
      parsed.data.orderLimit !== album.orderLimit ||
      parsed.data.orderPriceCents !== album.orderPriceCents);
  const canSave = parsed.success && changed && !update.isPending;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (canSave) update.mutate(parsed.data);
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <TextInput
          label="Nome Album"
          value={name}
          maxLength={ALBUM_NAME_MAX}
          onChange={(event) => setName(event.currentTarget.value)}
          data-autofocus
        />
        <AlbumOrderFields value={order} errors={errors} onChange={setOrder} />
        <Group justify="flex-end" mt="sm">
          <Button variant="default" onClick={onClose} disabled={update.isPending}>
            Annulla
          </Button>
          <Button type="submit" disabled={!canSave}>
            {update.isPending ? 'Salvando...' : 'Salva'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
