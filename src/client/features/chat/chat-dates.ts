const DAY_MS = 24 * 60 * 60 * 1000;

const weekdayDayMonth = new Intl.DateTimeFormat('it-IT', { weekday: 'long', day: 'numeric', month: 'long' });
const dayMonthYear = new Intl.DateTimeFormat('it-IT', { day: 'numeric', month: 'long', year: 'numeric' });

const startOfDay = (date: Date) => new Date(date.getFullYear(), date.getMonth(), date.getDate()).getTime();

/** Whole calendar days from `date` to `now` in local time: 0 today, 1 yesterday. */
function daysAgo(date: Date, now: Date) {
  return Math.round((startOfDay(now) - startOfDay(date)) / DAY_MS);
}

/** The separator above the first message of a day: 'Oggi', 'Ieri', 'lunedì 2 marzo', '2 marzo 2025'. */
export function dayLabel(date: Date, now = new Date()): string {
  const days = daysAgo(date, now);
  if (days === 0) return 'Oggi';
  if (days === 1) return 'Ieri';
  return date.getFullYear() === now.getFullYear() ? weekdayDayMonth.format(date) : dayMonthYear.format(date);
}

export const sameDay = (a: Date, b: Date) => startOfDay(a) === startOfDay(b);

const PRESENCE_TEXT = {
  online: 'Online ora',
  today: 'Attivo oggi',
  week: 'Attivo questa settimana',
} as const;

/** The chat header's subtitle, or null when the server says nothing (decision 021). */
export const presenceText = (presence: keyof typeof PRESENCE_TEXT | null) =>
  presence ? PRESENCE_TEXT[presence] : null;
