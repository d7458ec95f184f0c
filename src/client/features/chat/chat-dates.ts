import { formatDate, formatTime } from '../../shared/format/dates.ts';

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;

const relative = new Intl.RelativeTimeFormat('it-IT', { numeric: 'always' });
const weekdayDayMonth = new Intl.DateTimeFormat('it-IT', { weekday: 'long', day: 'numeric', month: 'long' });
const dayMonthYear = new Intl.DateTimeFormat('it-IT', { day: 'numeric', month: 'long', year: 'numeric' });

const startOfDay = (date: Date) => new Date(date.getFullYear(), date.getMonth(), date.getDate()).getTime();

/** Whole calendar days from `date` to `now` in local time: 0 today, 1 yesterday. */
function daysAgo(date: Date, now: Date) {
  return Math.round((startOfDay(now) - startOfDay(date)) / (24 * HOUR_MS));
}

/** The separator above the first message of a day: 'Oggi', 'Ieri', 'lunedì 2 marzo', '2 marzo 2025'. */
export function dayLabel(date: Date, now = new Date()): string {
  const days = daysAgo(date, now);
  if (days === 0) return 'Oggi';
  if (days === 1) return 'Ieri';
  return date.getFullYear() === now.getFullYear() ? weekdayDayMonth.format(date) : dayMonthYear.format(date);
}

export const sameDay = (a: Date, b: Date) => startOfDay(a) === startOfDay(b);

/** When the other user was last seen: '5 minuti fa', 'oggi alle 14:05', 'ieri alle 09:30', 'il 02/03/2026 alle 09:30'. */
export function lastSeenText(seen: Date, now = new Date()): string {
  // A clock a little ahead of the server's must not say "tra 1 minuto".
  const elapsed = Math.max(now.getTime() - seen.getTime(), MINUTE_MS);
  if (elapsed < HOUR_MS) return relative.format(-Math.floor(elapsed / MINUTE_MS), 'minute');
  const days = daysAgo(seen, now);
  if (days === 0) return `oggi alle ${formatTime(seen)}`;
  if (days === 1) return `ieri alle ${formatTime(seen)}`;
  return `il ${formatDate(seen)} alle ${formatTime(seen)}`;
}

/** The chat header's subtitle, or null for someone never seen in a chat (nothing true to say). */
export function presenceText(user: { online: boolean; lastSeenAt: string | null }, now = new Date()) {
  if (user.online) return 'Online ora';
  if (user.lastSeenAt === null) return null;
  return `Ultimo accesso ${lastSeenText(new Date(user.lastSeenAt), now)}`;
}
