import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { getQueryKey } from '@trpc/react-query';
import { trpc } from '../../shared/api/trpc.ts';
import { toastSuccess } from '../../shared/ui/toast.ts';
import type { Candidate } from './candidate-summary.ts';

/**
 * 'Matcha!': create (or find again) the match, then straight into its chat (spec §4). 'Match creato!'
 * only for a new one. The search results learn of it at once, so coming back shows 'Già in contatto'.
 */
export function useCreateMatch() {
  const utils = trpc.useUtils();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return trpc.matches.create.useMutation({
    onSuccess: async (match) => {
      if (match.created) toastSuccess('Match creato!', 'Ora puoi chattare con questo utente');
      queryClient.setQueriesData<Candidate[]>({ queryKey: getQueryKey(trpc.matches.potential) }, (found) =>
        found?.map((candidate) =>
          candidate.id === match.user2.id ? { ...candidate, matchId: match.id } : candidate,
        ),
      );
      void utils.matches.list.invalidate();
      await navigate({ to: '/chat/$matchId', params: { matchId: String(match.id) } });
    },
    meta: { errorMessage: 'Errore nella creazione del match' },
  });
}
