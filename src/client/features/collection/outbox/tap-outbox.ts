import { createStore, delMany, entries, promisifyRequest, setMany, type UseStore } from 'idb-keyval';
import type { StickerStatus } from '../sticker-status.ts';

/** A status tap not yet confirmed by the server, with the time it was made (the latest tap wins). */
export type QueuedTap = {
  userId: number;
  albumId: number;
  stickerId: number;
  status: StickerStatus;
  /** A double's spare copies, when the tap sets them (an in-person swap does); else they stay. */
  spares?: number;
  /** Epoch milliseconds on this device. */
  tappedAt: number;
};

/**
 * The outbox of sticker taps: every tap is written here first (IndexedDB, so it survives closing the
 * tab or the app) and leaves only when the server has answered it. One entry per collector and
 * sticker: a later tap on the same sticker replaces the earlier one, which then need not be sent.
 * An in-memory mirror answers the screens at once, before IndexedDB has finished writing.
 */
const store: UseStore | undefined =
  typeof indexedDB === 'undefined' ? undefined : createStore('scambio-figurine-outbox', 'taps');

const taps = new Map<string, QueuedTap>();
let snapshot: readonly QueuedTap[] = [];
let loaded: Promise<void> | undefined;
const listeners = new Set<() => void>();

const keyOf = (tap: Pick<QueuedTap, 'userId' | 'stickerId'>) => `${tap.userId}:${tap.stickerId}`;

function changed() {
  snapshot = [...taps.values()];
  for (const listener of listeners) listener();
}

/** Reads what earlier visits left in the outbox (once; later calls wait for the same read). */
export function loadOutbox(): Promise<void> {
  loaded ??= (async () => {
    if (!store) return;
    const stored = await entries<string, QueuedTap>(store);
    for (const [key, tap] of stored) {
      // A tap made in this visit before the read finished is newer than what was stored.
      if (!taps.has(key)) taps.set(key, tap);
    }
    if (stored.length > 0) changed();
  })().catch(() => undefined);
  return loaded;
}

/** Queues taps: the screens see them at once, IndexedDB keeps them until the server answers. */
export function queueTaps(queued: readonly QueuedTap[]): Promise<void> {
  for (const tap of queued) taps.set(keyOf(tap), tap);
  changed();
  if (!store) return Promise.resolve();
  return setMany(
    queued.map((tap) => [keyOf(tap), tap]),
    store,
  ).catch(() => undefined);
}

/** Forgets a tap the server has answered, unless a later tap on that sticker has replaced it. */
export async function settleTap(tap: QueuedTap): Promise<void> {
  const key = keyOf(tap);
  if (taps.get(key)?.tappedAt === tap.tappedAt) {
    taps.delete(key);
    changed();
  }
  if (!store) return;
  await store('readwrite', (objects) => {
    const read = objects.get(key);
    read.onsuccess = () => {
      if ((read.result as QueuedTap | undefined)?.tappedAt === tap.tappedAt) objects.delete(key);
    };
    return promisifyRequest(objects.transaction);
  }).catch(() => undefined);
}

/** Forgets every waiting tap of this collector, unsent ('Esci e scarta'). */
export async function dropTapsOf(userId: number): Promise<void> {
  await loadOutbox();
  const dropped = [...taps.values()].filter((tap) => tap.userId === userId).map(keyOf);
  for (const key of dropped) taps.delete(key);
  if (dropped.length > 0) changed();
  if (store) await delMany(dropped, store).catch(() => undefined);
}

export function subscribeOutbox(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Every queued tap, of every collector who used this browser (a new array after each change). */
export function outboxSnapshot(): readonly QueuedTap[] {
  return snapshot;
}
