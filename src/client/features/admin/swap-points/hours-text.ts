import type { OpeningInterval } from '../../../../rpc/schemas/swap-points.ts';

/** One weekday's openings as the admin types them: '09:00-12:30, 15:00-19:00'; empty is closed. */
export function dayHoursText(hours: readonly OpeningInterval[], day: number): string {
  return hours
    .filter((interval) => interval.day === day)
    .sort((a, b) => a.opens.localeCompare(b.opens))
    .map((interval) => `${interval.opens}-${interval.closes}`)
    .join(', ');
}

const OPENING = /^(\d{1,2})[:.](\d{2})\s*[-–]\s*(\d{1,2})[:.](\d{2})$/;
const pad = (hours: string, minutes: string) => `${hours.padStart(2, '0')}:${minutes}`;

/**
 * The openings typed for one weekday, or the Italian reason they cannot be read. '9.00-12.30' and
 * '9:00–12:30' read too; the times themselves are checked by the server's schema.
 */
export function parseDayHours(text: string, day: number): OpeningInterval[] | string {
  const parts = text
    .split(/[,;]/)
    .map((part) => part.trim())
    .filter((part) => part !== '');
  const intervals: OpeningInterval[] = [];
  for (const part of parts) {
    const read = OPENING.exec(part);
    if (!read) return 'Scrivi gli orari come 09:00-12:30, separati da una virgola';
    const [, openHours = '', openMinutes = '', closeHours = '', closeMinutes = ''] = read;
    const opens = pad(openHours, openMinutes);
    const closes = pad(closeHours, closeMinutes);
    if (opens >= closes) return "L'orario di chiusura deve venire dopo quello di apertura";
    intervals.push({ day, opens, closes });
  }
  return intervals;
}
