import { createAsyncStoragePersister } from '@tanstack/query-async-storage-persister';
import type { Query, QueryClient } from '@tanstack/react-query';
import { persistQueryClientRestore, persistQueryClientSubscribe } from '@tanstack/react-query-persist-client';
import { createStore, del, get, set } from 'idb-keyval';
import { procedureOf } from '../error-reporting/describe-error.ts';

/** How long answers kept on the device stay usable offline. */
export const OFFLINE_CACHE_MS = 7 * 24 * 60 * 60_000;
/**
 * Changed when the shape of a kept answer changes, so an older app's copies are dropped (2: a match's
 * `user2.place` instead of its CAP, issue 43).
 */
const CACHE_VERSION = '2';

/**
 * The answers kept on the device (IndexedDB) so that after one online visit they open with no
 * connection: who I am, the album list, each album's stickers, my marks, Home's counters; and, for the
 * meeting at the table, my matches (Home's latest chats), my swaps (Scambi's cards: what each hands
 * over) and the last KEPT_CHATS chats opened, with their header, swap cards and the blocks; the meets near
 * me, each meet opened and my pool of a meet ('Preparati': who there has my missing stickers), and 'Le mie
 * ultime' as last seen (issue 48, row 3). Shown at once
 * from the device, refreshed from the server when online (React Query's staleness rules as ever). Match
 * search and the admin panel need the server and are not kept.
 */
const KEPT = new Set([
  'auth.session',
  'albums.list',
  'stickers.list',
  'collection.list',
  'collection.summary',
  'matches.list',
  'matches.get',
  'swaps.list',
  'swaps.reputation',
  'swaps.promises',
  'blocks.list',
  'chat.messages',
  'raduni.near',
  'raduni.get',
  'raduni.pool',
  'matches.nearbyHolders',
]);

/** How many chats' messages are kept: the ones most recently loaded or updated. */
export const KEPT_CHATS = 5;

const store = typeof indexedDB === 'undefined' ? undefined : createStore('scambio-figurine-cache', 'queries');
const persister = store
  ? createAsyncStoragePersister({
      storage: {
        getItem: (key) => get<string>(key, store),
        setItem: (key, value: string) => set(key, value, store),
        removeItem: (key) => del(key, store),
      },
      key: 'queries',
      throttleTime: 1000,
    })
  : undefined;

let restored: Promise<void> = Promise.resolve();

/** Puts back what an earlier visit kept, then keeps every change; call once, with the app's client. */
export function startQueryPersistence(queryClient: QueryClient): void {
  if (!persister) return;
  for (const procedure of KEPT) {
    // Kept answers must outlive React Query's garbage collection, or they would vanish from the device.
    queryClient.setQueryDefaults([procedure.split('.')], { gcTime: OFFLINE_CACHE_MS });
  }
  const options = { queryClient, persister, buster: CACHE_VERSION };
  /** Only the last KEPT_CHATS chats: each may hold hundreds of messages. */
  const isRecentChat = (query: Query) => {
    const chats = queryClient.getQueryCache().findAll({ queryKey: [['chat', 'messages']] });
    const newer = chats.filter((chat) => chat.state.dataUpdatedAt > query.state.dataUpdatedAt);
    return newer.length < KEPT_CHATS;
  };
  restored = persistQueryClientRestore({ ...options, maxAge: OFFLINE_CACHE_MS })
    .catch(() => undefined)
    .then(() => {
      // What the device kept is shown at once but is never taken as fresh: with a connection each screen
      // asks again (who is here above all: the session may have ended). Kept at most once a second, it
      // can be older than what the last visit showed.
      void queryClient.invalidateQueries({ refetchType: 'none' });
      persistQueryClientSubscribe({
        ...options,
        dehydrateOptions: {
          // "Nobody is logged in" is not kept: it is the server's to say, and says nothing offline.
          shouldDehydrateQuery: (query) => {
            const procedure = procedureOf(query.queryKey);
            // An answer whose refresh failed (no network on a later visit) is still the last one known:
            // dropping it would forget who is logged in at the second offline opening.
            return (
              query.state.data != null &&
              KEPT.has(procedure) &&
              (procedure !== 'chat.messages' || isRecentChat(query))
            );
          },
        },
      });
    });
}

/** Settles when the kept answers are back in the client (at once when there were none). */
export function queriesRestored(): Promise<void> {
  return restored;
}

/** Logging out: nothing of this collector stays on the device. */
export function forgetKeptQueries(): Promise<void> {
  return Promise.resolve(persister?.removeClient()).catch(() => undefined);
}
