import { type OpeningInterval, WEEKDAY_NAMES } from '../../../rpc/schemas/swap-points.ts';

/** A place's week as its page reads it: every day from Monday, its openings or 'chiuso'. */
export function weekLines(hours: readonly OpeningInterval[]): { day: string; text: string }[] {
  return WEEKDAY_NAMES.map((day, index) => {
    const openings = hours
      .filter((interval) => interval.day === index + 1)
      .sort((a, b) => a.opens.localeCompare(b.opens))
      .map((interval) => `${interval.opens}–${interval.closes}`);
    return { day, text: openings.length > 0 ? openings.join(', ') : 'chiuso' };
  });
}
