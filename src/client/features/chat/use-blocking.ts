import { trpc } from '../../shared/api/trpc.ts';
import { toastSuccess } from '../../shared/ui/toast.ts';

/**
 * Whether I have blocked the other collector of this chat, and the two switches. A block also cancels
 * our open swaps (on the server), so every swap list is asked again.
 */
export function useBlocking(other: { id: number; nickname: string } | undefined) {
  const utils = trpc.useUtils();
  const blocks = trpc.blocks.list.useQuery();
  const refresh = () => {
    void utils.blocks.list.invalidate();
    void utils.swaps.invalidate();
    void utils.matches.invalidate();
  };
  const block = trpc.blocks.block.useMutation({
    onSuccess: () => {
      toastSuccess('Utente bloccato', `${other?.nickname ?? 'Il collezionista'} non potrà più scriverti`);
      refresh();
    },
    meta: { errorMessage: 'Errore nel blocco del collezionista' },
  });
  const unblock = trpc.blocks.unblock.useMutation({
    onSuccess: () => {
      toastSuccess('Utente sbloccato', 'Potete di nuovo scrivervi');
      refresh();
    },
    meta: { errorMessage: 'Errore nello sblocco del collezionista' },
  });
  const blocked = other !== undefined && (blocks.data ?? []).some((entry) => entry.id === other.id);
  return {
    blocked,
    block: () => other && block.mutateAsync({ userId: other.id }),
    unblock: () => other && unblock.mutate({ userId: other.id }),
    blocking: block.isPending,
    unblocking: unblock.isPending,
  };
}
