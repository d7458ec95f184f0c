import { Card, Switch } from '@mantine/core';
import { type CurrentUser, trpc } from '../../shared/api/trpc.ts';
import { toastSuccess } from '../../shared/ui/toast.ts';

/**
 * A 14-17 collector's choice to be found by adults (issue 45, row 3), off by default; saved as soon as it
 * is flipped. Even on, an adult only proposes a swap at a Punto Scambio and writes set phrases.
 */
export function VisibleToAdultsChoice({ user }: { user: CurrentUser }) {
  const utils = trpc.useUtils();
  const save = trpc.users.setVisibleToAdults.useMutation({
    onSuccess: (me) => {
      utils.auth.session.setData(undefined, (session) => (session ? { ...session, ...me } : me));
      toastSuccess('Profilo aggiornato', 'Le modifiche sono state salvate con successo');
    },
    meta: { errorMessage: "Errore nell'aggiornare il profilo" },
  });
  if (user.ageBand !== '14-17') return null;
  const checked = save.isPending ? save.variables.visibleToAdults : user.visibleToAdults;

  return (
    <Card withBorder radius="md" padding="md">
      <Switch
        size="md"
        label="Visibile ai maggiorenni per proporre scambi"
        description="Se è spento, gli adulti non ti trovano. Se è acceso, ti vedono a una distanza approssimativa e possono solo proporti uno scambio in un Punto Scambio"
        checked={checked}
        disabled={save.isPending}
        onChange={(event) => save.mutate({ visibleToAdults: event.currentTarget.checked })}
      />
    </Card>
  );
}
