import { italianClock } from './italian-clock.ts';
import type { OpeningInterval } from './swap-points.ts';

/**
 * A meeting's time window at a Punto Scambio (issue 45, row 4): 15 to 120 minutes, starting after now and
 * ending within the next 14 days, inside one of the place's openings on that day (Italian time). The
 * proposal form checks it as it is filled in; the server checks it again.
 */
export const SLOT_MINUTES = { min: 15, max: 120 } as const;
export const SLOT_DAYS_AHEAD = 14;

export const SLOT_LENGTH_MESSAGE = `La fascia oraria deve durare da ${SLOT_MINUTES.min} a ${SLOT_MINUTES.max} minuti`;
export const SLOT_WHEN_MESSAGE = `La fascia oraria deve essere nei prossimi ${SLOT_DAYS_AHEAD} giorni`;
export const SLOT_CLOSED_MESSAGE = 'Il Punto Scambio è chiuso in quella fascia oraria';

const MINUTE_MS = 60_000;

/** `HH:MM` of an Italian wall clock, for comparing with opening hours. */
const wallTime = (clock: { hour: number; minute: number }) =>
  `${String(clock.hour).padStart(2, '0')}:${String(clock.minute).padStart(2, '0')}`;

/** Whether `start`–`end` lies inside one opening of `hours` on one Italian day. */
export function withinOpeningHours(start: Date, end: Date, hours: readonly OpeningInterval[]): boolean {
  const from = italianClock(start);
  const to = italianClock(new Date(end.getTime() - 1));
  if (from.year !== to.year || from.month !== to.month || from.day !== to.day) return false;
  const opensBy = wallTime(from);
  const endClock = italianClock(end);
  // An end at midnight reads 00:00 the next day: '24:00' of the same one.
  const closesBy = endClock.day !== from.day ? '24:00' : wallTime(endClock);
  return hours.some(
    (interval) => interval.day === from.weekday && interval.opens <= opensBy && closesBy <= interval.closes,
  );
}

/** What is wrong with a proposed window, in the words the form and the server both say; undefined if nothing. */
export function slotProblem(
  slot: { start: Date; end: Date },
  hours: readonly OpeningInterval[],
  now = new Date(),
): string | undefined {
  const minutes = (slot.end.getTime() - slot.start.getTime()) / MINUTE_MS;
  if (!(minutes >= SLOT_MINUTES.min && minutes <= SLOT_MINUTES.max)) return SLOT_LENGTH_MESSAGE;
  const latest = now.getTime() + SLOT_DAYS_AHEAD * 24 * 60 * MINUTE_MS;
  if (slot.start.getTime() <= now.getTime() || slot.end.getTime() > latest) return SLOT_WHEN_MESSAGE;
  if (!withinOpeningHours(slot.start, slot.end, hours)) return SLOT_CLOSED_MESSAGE;
  return undefined;
}
