import { useEffect, useState } from 'react';
import type { SwapMode } from '../../../rpc/schemas/swaps.ts';
import { offerPushAlerts, useAlertsOfferWith } from '../alerts/alerts-offer.ts';
import { AlertsOfferCard } from '../alerts/alerts-offer-card.tsx';
import { CancelSwapDialog } from './cancel-swap-dialog.tsx';
import { SwapCard } from './swap-card.tsx';
import { fromMySide, type SwapLike } from './swap-view.ts';
import type { useSwapActions } from './use-swap-actions.ts';

type Props = {
  swap: SwapLike & { albumName: string; matchId: number | null; mode: SwapMode };
  meId: number;
  actions: ReturnType<typeof useSwapActions>;
  showOther?: boolean;
};

/**
 * A swap card whose buttons act on the server. Calling off an accepted swap asks first (the dialog goes
 * once the swap reads cancelled).
 */
export function LiveSwapCard({ swap, meId, actions, showOther }: Props) {
  const [asking, setAsking] = useState(false);
  const pending = actions.pendingFor(swap.id);
  // A proposal for me on screen: the next one could be told as it arrives (issue 33).
  const proposalForMe = swap.status === 'proposto' && swap.to.id === meId;
  useEffect(() => {
    if (proposalForMe) offerPushAlerts(swap.id);
  }, [proposalForMe, swap.id]);
  const offered = useAlertsOfferWith(swap.id);
  return (
    <>
      <SwapCard
        swap={swap}
        meId={meId}
        showOther={showOther}
        pending={pending}
        onAction={(action) =>
          action === 'cancel' && swap.status === 'accettato' ? setAsking(true) : actions.run(action, swap.id)
        }
        onRate={(stars, comment) => actions.rate(swap.id, stars, comment)}
      />
      {asking && swap.status === 'accettato' && (
        <CancelSwapDialog
          otherNickname={fromMySide(swap, meId).other.nickname}
          pending={pending === 'cancel'}
          onCancel={(reason) => actions.cancel(swap.id, reason)}
          onClose={() => setAsking(false)}
        />
      )}
      {offered && <AlertsOfferCard userId={meId} received={swap.to.id === meId} />}
    </>
  );
}
