import { trpc } from '../../../shared/api/trpc.ts';
import { toastSuccess } from '../../../shared/ui/toast.ts';

/**
 * Activation and premium changes. Each one, right or wrong, refetches the list, the counters and the
 * dashboard (spec §7), and the mutation stays pending until they are back, so a row never flickers.
 */
export function useUserChanges() {
  const utils = trpc.useUtils();
  const refresh = () =>
    Promise.all([
      utils.users.list.invalidate(),
      utils.users.counts.invalidate(),
      utils.admin.stats.invalidate(),
    ]);
  const meta = { errorMessage: "Errore nell'aggiornamento dell'utente" };

  const toggleStatus = trpc.users.toggleStatus.useMutation({
    onSuccess: (user) =>
      user.is_active
        ? toastSuccess('Utente attivato', `${user.username} può di nuovo accedere`)
        : toastSuccess('Utente disattivato', `Ogni sessione di ${user.username} è chiusa`),
    meta,
    onSettled: refresh,
  });

  const setPremium = trpc.users.setPremium.useMutation({
    onSuccess: (user) =>
      user.isPremium
        ? toastSuccess('Premium attivato', `${user.username} ora è Premium`)
        : toastSuccess('Premium rimosso', `${user.username} non è più Premium`),
    meta,
    onSettled: refresh,
  });

  const liftMinorContact = trpc.users.liftMinorContactSuspension.useMutation({
    onSuccess: (user) =>
      toastSuccess('Contatti con i minori riattivati', `${user.username} può di nuovo trovare i ragazzi`),
    meta,
    onSettled: refresh,
  });

  return { toggleStatus, setPremium, liftMinorContact };
}
