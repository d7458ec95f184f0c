import { Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { ALBUM_NAME_MAX, renameAlbumInput } from '../../../../rpc/schemas/albums.ts';
import { trpc } from '../../../shared/api/trpc.ts';
import { toastSuccess } from '../../../shared/ui/toast.ts';
import { useLastSelected } from '../use-last-selected.ts';
import type { AdminAlbum } from './album-row.tsx';
import { useRefreshCatalogue } from './use-refresh-catalogue.ts';

type Props = { album: AdminAlbum | null; onClose: () => void };

/** 'Modifica Album': renames an album; saving needs a new, non-blank name (spec §5). */
export function RenameAlbumDialog({ album, onClose }: Props) {
  const shown = useLastSelected(album);
  return (
    <Modal opened={album !== null} onClose={onClose} title="Modifica Album" centered>
      {/* Keyed, so each album opens with its own name in the field. */}
      {shown && <RenameForm key={shown.id} album={shown} onClose={onClose} />}
    </Modal>
  );
}

function RenameForm({ album, onClose }: { album: AdminAlbum; onClose: () => void }) {
  const [name, setName] = useState(album.name);
  const refresh = useRefreshCatalogue();
  const rename = trpc.albums.rename.useMutation({
    onSuccess: (renamed) => {
      toastSuccess('Album modificato', `Nome cambiato in "${renamed.name}"`);
      onClose();
      return refresh();
    },
    meta: { errorMessage: "Errore nella modifica dell'album" },
  });
  const parsed = renameAlbumInput.safeParse({ id: album.id, name });
  const canSave = parsed.success && parsed.data.name !== album.name && !rename.isPending;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (canSave) rename.mutate(parsed.data);
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
        <Group justify="flex-end" mt="sm">
          <Button variant="default" onClick={onClose} disabled={rename.isPending}>
            Annulla
          </Button>
          <Button type="submit" disabled={!canSave}>
            {rename.isPending ? 'Salvando...' : 'Salva'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
