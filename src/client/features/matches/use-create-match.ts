import { trpc } from '../../shared/api/trpc.ts';
import { toastSuccess } from '../../shared/ui/toast.ts';
import { useOpenChat } from './use-open-chat.ts';

/** 'Matcha!': create (or find again) the match, then straight into its chat (spec §4). 'Match creato!' only for a new one. */
export function useCreateMatch() {
  const openChat = useOpenChat();
  return trpc.matches.create.useMutation({
    onSuccess: async (match) => {
      if (match.created) toastSuccess('Match creato!', 'Ora puoi chattare con questo utente');
      await openChat(match.user2.id, match.id);
    },
    meta: { errorMessage: 'Errore nella creazione del match' },
  });
}
