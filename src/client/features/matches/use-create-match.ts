import { useNavigate } from '@tanstack/react-router';
import { trpc } from '../../shared/api/trpc.ts';
import { toastSuccess } from '../../shared/ui/toast.ts';

/** 'Matcha!': create (or find again) the match, then straight into its chat (spec §4). */
export function useCreateMatch() {
  const utils = trpc.useUtils();
  const navigate = useNavigate();
  return trpc.matches.create.useMutation({
    onSuccess: async (match) => {
      toastSuccess('Match creato!', 'Ora puoi chattare con questo utente');
      void utils.matches.list.invalidate();
      await navigate({ to: '/chat/$matchId', params: { matchId: String(match.id) } });
    },
    meta: { errorMessage: 'Errore nella creazione del match' },
  });
}
