import { Card, Switch } from '@mantine/core';
import { type CurrentUser, trpc } from '../../shared/api/trpc.ts';
import { toastSuccess } from '../../shared/ui/toast.ts';

/**
 * Whether the collectors I write to see that I am around ('Online ora', 'Attivo oggi'…, never a time):
 * saved as soon as it is flipped (decision 021).
 */
export function PresenceChoice({ user }: { user: CurrentUser }) {
  const utils = trpc.useUtils();
  const save = trpc.users.setPresence.useMutation({
    onSuccess: (me) => {
      utils.auth.session.setData(undefined, (session) => (session ? { ...session, ...me } : me));
      toastSuccess('Profilo aggiornato', 'Le modifiche sono state salvate con successo');
    },
    meta: { errorMessage: "Errore nell'aggiornare il profilo" },
  });
  // The flip shows at once; a failed save falls back to the saved choice.
  const checked = save.isPending ? save.variables.showPresence : user.showPresence;

  return (
    <Card withBorder radius="md" padding="md">
      <Switch
        size="md"
        label="Mostra quando sono attivo"
        description="Lo vedono solo i collezionisti a cui hai scritto, e mai l'orario preciso"
        checked={checked}
        disabled={save.isPending}
        onChange={(event) => save.mutate({ showPresence: event.currentTarget.checked })}
      />
    </Card>
  );
}
