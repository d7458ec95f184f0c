/** Italy's clock: quiet hours and 'a day' are the collector's, and every collector lives in Italy. */
const TIME_ZONE = 'Europe/Rome';
/** No alert that can wait goes out from 21:00 to 8:00: it is delayed to the morning, never dropped. */
const QUIET_FROM_HOUR = 21;
const QUIET_UNTIL_HOUR = 8;
/** A minor's evening starts earlier, and for them nothing goes out in it (issue 45, row 7). */
const MINOR_QUIET_FROM_HOUR = 20;

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

const parts = new Intl.DateTimeFormat('en-GB', {
  timeZone: TIME_ZONE,
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});

/** The wall clock in Italy at `date`. */
function italianClock(date: Date) {
  const values = Object.fromEntries(parts.formatToParts(date).map((part) => [part.type, part.value]));
  return {
    year: Number(values.year),
    month: Number(values.month),
    day: Number(values.day),
    hour: Number(values.hour),
    minute: Number(values.minute),
    second: Number(values.second),
  };
}

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
function atItalianHour(date: Date, hour: number): Date {
  const { year, month, day } = italianClock(date);
  let guess = Date.UTC(year, month - 1, day, hour);
  // Italy is one or two hours ahead of UTC: correct by what the guess reads there, twice for the change days.
  for (let step = 0; step < 2; step += 1) {
    const clock = italianClock(new Date(guess));
    const read = Date.UTC(clock.year, clock.month - 1, clock.day, clock.hour, clock.minute, clock.second);
    guess -= read - Date.UTC(year, month - 1, day, hour);
  }
  return new Date(guess);
}

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
