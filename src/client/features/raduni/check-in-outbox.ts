import { createStore, del, entries, set, type UseStore } from 'idb-keyval';
import { useSyncExternalStore } from 'react';

/**
 * A check-in kept on this device (issue 46, row 5): timed at the scan, sent at the next connection; kept
 * after it is sent (or refused), so the check-in page can say so. One per collector and meet.
 */
export type CheckIn = {
  userId: number;
  radunoId: number;
  token: string;
  /** Epoch seconds, by the phone's clock at the scan. */
  at: number;
  sync: { state: 'waiting' } | { state: 'sent' } | { state: 'refused'; message: string };
};

const store: UseStore | undefined =
  typeof indexedDB === 'undefined' ? undefined : createStore('scambio-figurine-check-in', 'check-ins');

const checkIns = new Map<string, CheckIn>();
let snapshot: readonly CheckIn[] = [];
let loaded: Promise<void> | undefined;
const listeners = new Set<() => void>();

const idOf = (checkIn: Pick<CheckIn, 'userId' | 'radunoId'>) => `${checkIn.userId}:${checkIn.radunoId}`;

function changed() {
  snapshot = [...checkIns.values()];
  for (const listener of listeners) listener();
}

export function loadCheckIns(): Promise<void> {
  loaded ??= (async () => {
    if (!store) return;
    for (const [id, checkIn] of await entries<string, CheckIn>(store)) {
      if (!checkIns.has(id)) checkIns.set(id, checkIn);
    }
    changed();
  })().catch(() => undefined);
  return loaded;
}

/** Keeps a check-in; a second scan of the same meet keeps the first one's time. */
export async function keepCheckIn(checkIn: CheckIn): Promise<CheckIn> {
  await loadCheckIns();
  const kept = checkIns.get(idOf(checkIn));
  // A scan again keeps the first one's time, unless the server refused that one (too early, say).
  const repeat = kept && checkIn.sync.state === 'waiting' && kept.token === checkIn.token;
  const next = repeat && kept.sync.state !== 'refused' ? kept : checkIn;
  checkIns.set(idOf(next), next);
  changed();
  if (store) await set(idOf(next), next, store).catch(() => undefined);
  return next;
}

/** A collector who leaves takes their sent check-ins off the device; the waiting ones go after a login. */
export async function forgetSentCheckInsOf(userId: number): Promise<void> {
  await loadCheckIns();
  const gone = [...checkIns.values()].filter((one) => one.userId === userId && one.sync.state !== 'waiting');
  for (const checkIn of gone) checkIns.delete(idOf(checkIn));
  if (gone.length > 0) changed();
  if (store) await Promise.all(gone.map((one) => del(idOf(one), store).catch(() => undefined)));
}

export const waitingCheckIns = (userId: number) =>
  snapshot.filter((checkIn) => checkIn.userId === userId && checkIn.sync.state === 'waiting');

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** This device's check-in at a meet, as the screens show it. */
export function useCheckIn(userId: number | undefined, radunoId: number): CheckIn | undefined {
  const all = useSyncExternalStore(subscribe, () => snapshot);
  return all.find((checkIn) => checkIn.userId === userId && checkIn.radunoId === radunoId);
}

export const subscribeCheckIns = subscribe;
