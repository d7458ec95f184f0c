import { useSyncExternalStore } from 'react';
import { isAlertsOfferAnswered, notificationPermission, pushSupport } from './push-support.ts';

/**
 * The offer of notifications after the collector's first proposal, sent or received (issue 33): asked at
 * a moment that explains itself, never at the first visit, as a card under that proposal's card (in the
 * chat or in Scambi), never over the screen.
 */

/** The swap whose card carries the offer, if any: one at a time. */
let offeredWith: number | null = null;
const listeners = new Set<() => void>();

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function offerWith(swapId: number | null) {
  if (offeredWith === swapId) return;
  offeredWith = swapId;
  for (const listener of listeners) listener();
}

/**
 * Offers notifications under the card of `swapId`, unless there is nothing to offer: the offer is already
 * showing, the browser asked already (allowed or blocked), it cannot notify at all, or the collector
 * answered the offer before on this device.
 */
export function offerPushAlerts(swapId: number) {
  if (offeredWith !== null || isAlertsOfferAnswered()) return;
  const support = pushSupport();
  if (support === 'unsupported') return;
  if (support === 'supported' && notificationPermission() !== 'default') return;
  offerWith(swapId);
}

export function closeAlertsOffer() {
  offerWith(null);
}

/** Whether the card of `swapId` carries the offer now. */
export const useAlertsOfferWith = (swapId: number) =>
  useSyncExternalStore(subscribe, () => offeredWith === swapId);
