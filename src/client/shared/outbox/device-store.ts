import { createStore, delMany, entries, setMany, type UseStore } from 'idb-keyval';

/** What the device keeps, as the screens and the senders read it. */
export type DeviceStore<Item> = {
  /** Reads what earlier visits left (once; later calls wait for the same read). */
  load: () => Promise<void>;
  /** Every item kept, of every collector who used this browser (a new array after each change). */
  snapshot: () => readonly Item[];
  subscribe: (listener: () => void) => () => void;
  /** Keeps items, new or changed: the screens see them at once, IndexedDB soon after. */
  keep: (items: readonly Item[]) => Promise<void>;
  /** Forgets items: this visit and the next. */
  forget: (items: readonly Item[]) => Promise<void>;
};

/**
 * Items kept on this device until the server has them (an outbox: chat messages, check-ins, table swaps):
 * in IndexedDB, so they outlive a reload, closing the tab or the app, with an in-memory mirror that
 * answers the screens at once, before IndexedDB has finished writing. Each item under its key, which
 * starts with its collector's id: one phone may serve several collectors (a family, a shared tablet).
 * Without IndexedDB (a test runner, a locked-down browser) the mirror alone keeps them for the visit.
 */
export function deviceStore<Item>(
  database: string,
  objects: string,
  keyOf: (item: Item) => string,
  order?: (a: Item, b: Item) => number,
): DeviceStore<Item> {
  const store: UseStore | undefined =
    typeof indexedDB === 'undefined' ? undefined : createStore(database, objects);
  const items = new Map<string, Item>();
  let snapshot: readonly Item[] = [];
  let loaded: Promise<void> | undefined;
  const listeners = new Set<() => void>();

  const changed = () => {
    const all = [...items.values()];
    snapshot = order ? all.sort(order) : all;
    for (const listener of listeners) listener();
  };

  return {
    load() {
      loaded ??= (async () => {
        if (!store) return;
        const stored = await entries<string, Item>(store);
        // An item kept in this visit before the read finished is newer than what was stored.
        for (const [key, item] of stored) if (!items.has(key)) items.set(key, item);
        if (stored.length > 0) changed();
      })().catch(() => undefined);
      return loaded;
    },
    snapshot: () => snapshot,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async keep(kept) {
      for (const item of kept) items.set(keyOf(item), item);
      changed();
      if (store)
        await setMany(
          kept.map((item) => [keyOf(item), item]),
          store,
        ).catch(() => undefined);
    },
    async forget(gone) {
      const keys = gone.map(keyOf);
      for (const key of keys) items.delete(key);
      changed();
      if (store) await delMany(keys, store).catch(() => undefined);
    },
  };
}
