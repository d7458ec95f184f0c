import { SwapCard } from './swap-card.tsx';
import type { SwapLike } from './swap-view.ts';
import type { useSwapActions } from './use-swap-actions.ts';

type Props = {
  swap: SwapLike & { albumName: string; matchId: number | null };
  meId: number;
  actions: ReturnType<typeof useSwapActions>;
  showOther?: boolean;
};

/** A swap card whose buttons act on the server. */
export function LiveSwapCard({ swap, meId, actions, showOther }: Props) {
  return (
    <SwapCard
      swap={swap}
      meId={meId}
      showOther={showOther}
      pending={actions.pendingFor(swap.id)}
      onAction={(action) => actions.run(action, swap.id)}
      onRate={(stars, comment) => actions.rate(swap.id, stars, comment)}
    />
  );
}
