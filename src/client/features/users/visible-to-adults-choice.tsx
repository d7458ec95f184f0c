import { type CurrentUser, trpc } from '../../shared/api/trpc.ts';
import { ProfileSwitch, useSavedToSession } from './profile-switch.tsx';

/**
 * A 14-17 collector's choice to be found by adults (issue 45, row 3), off by default; saved as soon as it
 * is flipped. Even on, an adult only proposes a swap at a Punto Scambio and writes set phrases.
 */
export function VisibleToAdultsChoice({ user }: { user: CurrentUser }) {
  const save = trpc.users.setVisibleToAdults.useMutation(useSavedToSession());
  if (user.ageBand !== '14-17') return null;
  return (
    <ProfileSwitch
      label="Visibile ai maggiorenni per proporre scambi"
      description="Se è spento, gli adulti non ti trovano. Se è acceso, ti vedono a una distanza approssimativa e possono solo proporti uno scambio in un Punto Scambio"
      checked={save.isPending ? save.variables.visibleToAdults : user.visibleToAdults}
      pending={save.isPending}
      onChange={(visibleToAdults) => save.mutate({ visibleToAdults })}
    />
  );
}
