import type { InPersonConflict } from '../../../../rpc/schemas/swaps-in-person.ts';
import { deviceStore } from '../../../shared/outbox/device-store.ts';

/** A sticker of an in-person swap, with what it was called then (the list shows offline). */
export type SwapSticker = { stickerId: number; number: string; name: string };

/**
 * An in-person swap kept on this device (issue 34): made at the table, applied to my album through the
 * outbox at once, and recorded on the server when the connection allows. `gives`/`receives` are mine.
 */
export type InPersonSwap = {
  key: string;
  userId: number;
  albumId: number;
  otherNickname: string;
  /** 'picker': I read their album code and chose; 'shower': they read mine, I confirmed. */
  role: 'picker' | 'shower';
  /** Epoch seconds. */
  at: number;
  gives: SwapSticker[];
  receives: SwapSticker[];
  sync:
    | { state: 'waiting' }
    | { state: 'recorded'; swapId: number; conflicts: InPersonConflict[] }
    | { state: 'refused'; message: string };
};

/**
 * The device's in-person swaps (IndexedDB, they outlive the tab), newest first. Kept after they are
 * recorded, so the screen can still show what happened at the table.
 */
const swaps = deviceStore<InPersonSwap>(
  'scambio-figurine-in-person',
  'swaps',
  (swap) => `${swap.userId}:${swap.key}`,
  (a, b) => b.at - a.at,
);

export const loadInPersonSwaps = swaps.load;
export const subscribeInPersonSwaps = swaps.subscribe;
export const inPersonSwapsSnapshot = swaps.snapshot;

export function findInPersonSwap(userId: number, key: string): InPersonSwap | undefined {
  return swaps.snapshot().find((swap) => swap.userId === userId && swap.key === key);
}

/** Keeps a swap (a new one, or the same with its sync state changed). */
export const keepInPersonSwap = (swap: InPersonSwap) => swaps.keep([swap]);

/**
 * Logging out: this collector's table swaps leave the device, except those still to record (like taps in
 * the outbox, they go after the next login).
 */
export async function forgetSettledInPersonSwapsOf(userId: number): Promise<void> {
  await loadInPersonSwaps();
  const gone = swaps.snapshot().filter((swap) => swap.userId === userId && swap.sync.state !== 'waiting');
  if (gone.length > 0) await swaps.forget(gone);
}
