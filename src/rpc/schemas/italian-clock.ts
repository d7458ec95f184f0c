/** Italy's clock: every collector and every Punto Scambio is in Italy, so 'a day' and 'an hour' are Italy's. */
export const ITALIAN_TIME_ZONE = 'Europe/Rome';

const parts = new Intl.DateTimeFormat('en-GB', {
  timeZone: ITALIAN_TIME_ZONE,
  hourCycle: 'h23',
  weekday: 'short',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});

const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];

/** The wall clock in Italy at `date`; `weekday` 1 is Monday, 7 Sunday. */
export function italianClock(date: Date) {
  const values = Object.fromEntries(parts.formatToParts(date).map((part) => [part.type, part.value]));
  return {
    year: Number(values.year),
    month: Number(values.month),
    day: Number(values.day),
    weekday: WEEKDAYS.indexOf(values.weekday ?? '') + 1,
    hour: Number(values.hour),
    minute: Number(values.minute),
    second: Number(values.second),
  };
}

/** The instant the Italian wall clock reads `hour`:`minute` on that Italian calendar day (summer time or not). */
export function italianInstant(
  day: { year: number; month: number; day: number },
  hour: number,
  minute = 0,
): Date {
  const wanted = Date.UTC(day.year, day.month - 1, day.day, hour, minute);
  let guess = wanted;
  // Italy is one or two hours ahead of UTC: correct by what the guess reads there, twice for the change days.
  for (let step = 0; step < 2; step += 1) {
    const clock = italianClock(new Date(guess));
    guess -=
      Date.UTC(clock.year, clock.month - 1, clock.day, clock.hour, clock.minute, clock.second) - wanted;
  }
  return new Date(guess);
}
