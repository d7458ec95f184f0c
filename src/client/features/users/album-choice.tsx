import { Card, Loader, Select } from '@mantine/core';
import { errorMessage } from '../../shared/api/error-message.ts';
import { type CurrentUser, trpc } from '../../shared/api/trpc.ts';
import { toastSuccess } from '../../shared/ui/toast.ts';

/**
 * The album the Match screen searches in (`albumSelezionato`). Saved as soon as it is picked, through the
 * same profile update as the Account form, with the nickname and CAP as they are saved now.
 */
export function AlbumChoice({ user }: { user: CurrentUser }) {
  const albums = trpc.albums.list.useQuery();
  const utils = trpc.useUtils();
  const save = trpc.users.updateProfile.useMutation({
    onSuccess: (me) => {
      utils.auth.session.setData(undefined, me);
      toastSuccess('Profilo aggiornato', 'Le modifiche sono state salvate con successo');
    },
    meta: { errorMessage: "Errore nell'aggiornare il profilo" },
  });
  // The pick shows at once; a failed save falls back to the saved album.
  const value = save.isPending ? (save.variables.albumSelezionato ?? null) : user.albumSelezionato;

  const choose = (albumId: number | null) => {
    if (albumId === null || albumId === user.albumSelezionato) return;
    save.mutate({ nickname: user.nickname, cap: user.cap, albumSelezionato: albumId });
  };

  return (
    <Card withBorder radius="md" padding="md">
      <Select<number>
        label="Album per i match"
        description="Il Match cerca chi ha le doppie che ti mancano in questo album"
        placeholder={albums.isPending ? 'Caricamento album...' : 'Scegli un album'}
        data={albums.data?.map((album) => ({ value: album.id, label: album.name })) ?? []}
        value={value}
        onChange={choose}
        allowDeselect={false}
        disabled={albums.isPending || save.isPending}
        rightSection={save.isPending ? <Loader size="xs" /> : undefined}
        error={albums.isError ? errorMessage(albums.error, 'Errore nel caricamento degli album') : undefined}
        nothingFoundMessage="Nessun album disponibile"
      />
    </Card>
  );
}
