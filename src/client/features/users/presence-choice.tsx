import { type CurrentUser, trpc } from '../../shared/api/trpc.ts';
import { ProfileSwitch, useSavedToSession } from './profile-switch.tsx';

/**
 * Whether the collectors I write to see that I am around ('Online ora', 'Attivo oggi'…, never a time):
 * saved as soon as it is flipped (decision 021).
 */
export function PresenceChoice({ user }: { user: CurrentUser }) {
  const save = trpc.users.setPresence.useMutation(useSavedToSession());
  return (
    <ProfileSwitch
      label="Mostra quando sono attivo"
      description="Lo vedono solo i collezionisti a cui hai scritto, e mai l'orario preciso"
      // The flip shows at once; a failed save falls back to the saved choice.
      checked={save.isPending ? save.variables.showPresence : user.showPresence}
      pending={save.isPending}
      onChange={(showPresence) => save.mutate({ showPresence })}
    />
  );
}
