import { trpc } from '../api/trpc.ts';
import { toastSuccess } from '../ui/toast.ts';
import type { SwapAction } from './swap-view.ts';

/** The toast after each action: what happened, and what it means. */
const DONE: Record<SwapAction | 'completed', [title: string, message: string]> = {
  accept: ['Scambio accettato', 'Le figurine sono riservate per voi due'],
  decline: ['Proposta rifiutata', 'Nessuna figurina è stata riservata'],
  cancel: ['Scambio annullato', 'Le figurine riservate tornano disponibili'],
  confirm: ['Ricezione confermata', "Manca solo la conferma dell'altro collezionista"],
  completed: ['Scambio completato', 'Gli album sono aggiornati'],
};

/**
 * The lifecycle buttons of any swap card, and the rating. Every swap list and count is asked again after
 * a change (the other side learns of it through the inbox stream).
 */
export function useSwapActions() {
  const utils = trpc.useUtils();
  const refresh = () => {
    void utils.swaps.invalidate();
    void utils.matches.invalidate();
  };
  const options = (action: SwapAction) => ({
    onSuccess: (swap: { status: string }) => {
      toastSuccess(...DONE[swap.status === 'completato' ? 'completed' : action]);
      refresh();
    },
    onError: refresh,
    meta: { errorMessage: "Errore nell'aggiornamento dello scambio" },
  });
  const accept = trpc.swaps.accept.useMutation(options('accept'));
  const decline = trpc.swaps.decline.useMutation(options('decline'));
  const cancel = trpc.swaps.cancel.useMutation(options('cancel'));
  const confirm = trpc.swaps.confirm.useMutation(options('confirm'));
  const rate = trpc.swaps.rate.useMutation({
    onSuccess: () => {
      toastSuccess('Grazie!', 'Valutazione inviata');
      refresh();
    },
    meta: { errorMessage: "Errore nell'invio della valutazione" },
  });
  const mutations = { accept, decline, cancel, confirm };
  const entries = Object.entries(mutations) as [SwapAction, (typeof mutations)[SwapAction]][];
  const running = entries.find(([, mutation]) => mutation.isPending);

  return {
    run: (action: SwapAction, id: number) => mutations[action].mutate({ id }),
    /** Calls a swap off, with the reason (if any) the other reads in the chat. */
    cancel: (id: number, reason: string) => cancel.mutate({ id, ...(reason ? { reason } : {}) }),
    rate: (id: number, stars: number, comment: string) =>
      rate.mutate({ id, stars, ...(comment ? { comment } : {}) }),
    /** Which swap has an action running, and which. */
    pendingFor: (id: number) => {
      if (rate.isPending && rate.variables?.id === id) return 'rate' as const;
      return running && running[1].variables?.id === id ? running[0] : null;
    },
  };
}
