import { italianClock, italianInstant } from '../../rpc/schemas/italian-clock.ts';

/** No alert that can wait goes out from 21:00 to 8:00: it is delayed to the morning, never dropped. */
const QUIET_FROM_HOUR = 21;
const QUIET_UNTIL_HOUR = 8;
/** A minor's evening starts earlier, and for them nothing goes out in it (issue 45, row 7). */
const MINOR_QUIET_FROM_HOUR = 20;

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

/** The calendar day in Italy, `YYYY-MM-DD`. */
export function italianDay(date: Date): string {
  const { year, month, day } = italianClock(date);
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

export function isQuietHour(date: Date): boolean {
  const { hour } = italianClock(date);
  return hour >= QUIET_FROM_HOUR || hour < QUIET_UNTIL_HOUR;
}

/**
 * Until when a push or an e-mail to a minor waits (issue 45, row 7): from 20:00 to 8:00 in Italy, to the
 * next 8:00 — every alert, even those an adult gets at night (a message, a proposal); undefined by day.
 */
export function minorsHeldUntil(date: Date): Date | undefined {
  const { hour } = italianClock(date);
  return hour >= MINOR_QUIET_FROM_HOUR || hour < QUIET_UNTIL_HOUR ? nextMorning(date) : undefined;
}

/** The instant it is `hour`:00 in Italy on the Italian calendar day of `date` (summer time or not). */
const atItalianHour = (date: Date, hour: number) => italianInstant(italianClock(date), hour);

/** The first 8:00 in Italy after `date` (the end of the quiet hours `date` is in, or the next ones'). */
export function nextMorning(date: Date): Date {
  const today = atItalianHour(date, QUIET_UNTIL_HOUR);
  if (today.getTime() > date.getTime()) return today;
  return atItalianHour(new Date(today.getTime() + DAY_MS + 2 * HOUR_MS), QUIET_UNTIL_HOUR);
}

/** `date`, or the end of the quiet hours it falls in. */
export function outsideQuietHours(date: Date): Date {
  return isQuietHour(date) ? nextMorning(date) : date;
}

/**
 * When to remind of a deadline: a day before it, moved out of the quiet hours (to the morning, which is
 * still at least 13 hours before), never in the past.
 */
export function reminderTime(deadline: Date, now = new Date()): Date {
  const dayBefore = new Date(Math.max(deadline.getTime() - DAY_MS, now.getTime()));
  const at = outsideQuietHours(dayBefore);
  return at.getTime() < deadline.getTime() ? at : dayBefore;
}

const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

/**
 * Until when an alert waits in the collector's own 'Non disturbare dalle … alle …' (issue 48, row 5): the
 * next end of the quiet hours `date` falls in (Italy's clock), or undefined outside them or with none.
 */
export function quietUntil(date: Date, quiet: { from: string; to: string } | null): Date | undefined {
  if (!quiet) return undefined;
  const [from, to] = [minutesOf(quiet.from), minutesOf(quiet.to)];
  const clock = italianClock(date);
  const now = clock.hour * 60 + clock.minute;
  const inside = from < to ? now >= from && now < to : now >= from || now < to;
  if (!inside) return undefined;
  const today = italianInstant(clock, Math.floor(to / 60), to % 60);
  if (today.getTime() > date.getTime()) return today;
  return italianInstant(
    italianClock(new Date(today.getTime() + DAY_MS + 2 * HOUR_MS)),
    Math.floor(to / 60),
    to % 60,
  );
}

/** The later of two holds, either possibly none. */
export const laterOf = (a: Date | undefined, b: Date | undefined) =>
  a && b ? (a.getTime() >= b.getTime() ? a : b) : (a ?? b);
