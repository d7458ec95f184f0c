import { useSyncExternalStore } from 'react';
import { deviceStore } from '../../shared/outbox/device-store.ts';

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

const checkIns = deviceStore<CheckIn>(
  'scambio-figurine-check-in',
  'check-ins',
  (checkIn) => `${checkIn.userId}:${checkIn.radunoId}`,
);

export const loadCheckIns = checkIns.load;
export const subscribeCheckIns = checkIns.subscribe;

const keptFor = (userId: number, radunoId: number) =>
  checkIns.snapshot().find((checkIn) => checkIn.userId === userId && checkIn.radunoId === radunoId);

/** Keeps a check-in; a second scan of the same meet keeps the first one's time. */
export async function keepCheckIn(checkIn: CheckIn): Promise<CheckIn> {
  await loadCheckIns();
  const kept = keptFor(checkIn.userId, checkIn.radunoId);
  // A scan again keeps the first one's time, unless the server refused that one (too early, say).
  const repeat = kept && checkIn.sync.state === 'waiting' && kept.token === checkIn.token;
  const next = repeat && kept.sync.state !== 'refused' ? kept : checkIn;
  await checkIns.keep([next]);
  return next;
}

/** A collector who leaves takes their sent check-ins off the device; the waiting ones go after a login. */
export async function forgetSentCheckInsOf(userId: number): Promise<void> {
  await loadCheckIns();
  const gone = checkIns.snapshot().filter((one) => one.userId === userId && one.sync.state !== 'waiting');
  if (gone.length > 0) await checkIns.forget(gone);
}

export const waitingCheckIns = (userId: number) =>
  checkIns.snapshot().filter((checkIn) => checkIn.userId === userId && checkIn.sync.state === 'waiting');

/** This device's check-in at a meet, as the screens show it. */
export function useCheckIn(userId: number | undefined, radunoId: number): CheckIn | undefined {
  const all = useSyncExternalStore(checkIns.subscribe, checkIns.snapshot);
  return all.find((checkIn) => checkIn.userId === userId && checkIn.radunoId === radunoId);
}
