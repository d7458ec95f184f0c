import { createStore, del, entries, set, type UseStore } from 'idb-keyval';
import type { InPersonConflict } from '../../../../rpc/schemas/swaps-in-person.ts';

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
 * The device's in-person swaps, in IndexedDB (they outlive the tab) with an in-memory mirror for the
 * screens. Kept after they are recorded, so the screen can still show what happened at the table.
 */
const store: UseStore | undefined =
  typeof indexedDB === 'undefined' ? undefined : createStore('scambio-figurine-in-person', 'swaps');

const swaps = new Map<string, InPersonSwap>();
let snapshot: readonly InPersonSwap[] = [];
let loaded: Promise<void> | undefined;
const listeners = new Set<() => void>();

const idOf = (swap: Pick<InPersonSwap, 'userId' | 'key'>) => `${swap.userId}:${swap.key}`;

function changed() {
  snapshot = [...swaps.values()].sort((a, b) => b.at - a.at);
  for (const listener of listeners) listener();
}

export function loadInPersonSwaps(): Promise<void> {
  loaded ??= (async () => {
    if (!store) return;
    for (const [id, swap] of await entries<string, InPersonSwap>(store))
      if (!swaps.has(id)) swaps.set(id, swap);
    changed();
  })().catch(() => undefined);
  return loaded;
}

export function findInPersonSwap(userId: number, key: string): InPersonSwap | undefined {
  return swaps.get(idOf({ userId, key }));
}

/** Keeps a swap (a new one, or the same with its sync state changed). */
export async function keepInPersonSwap(swap: InPersonSwap): Promise<void> {
  swaps.set(idOf(swap), swap);
  changed();
  if (store) await set(idOf(swap), swap, store).catch(() => undefined);
}

/**
 * Logging out: this collector's table swaps leave the device, except those still to record (like taps in
 * the outbox, they go after the next login).
 */
export async function forgetSettledInPersonSwapsOf(userId: number): Promise<void> {
  await loadInPersonSwaps();
  const gone = [...swaps.values()].filter((swap) => swap.userId === userId && swap.sync.state !== 'waiting');
  for (const swap of gone) swaps.delete(idOf(swap));
  if (gone.length > 0) changed();
  if (store) await Promise.all(gone.map((swap) => del(idOf(swap), store).catch(() => undefined)));
}

export function subscribeInPersonSwaps(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function inPersonSwapsSnapshot(): readonly InPersonSwap[] {
  return snapshot;
}
