import { expect, test } from 'vitest';
import { dayLabel, presenceText } from './chat-dates.ts';

// Local times, so the expectations hold in any time zone.
const now = new Date(2026, 2, 4, 15, 30);

test('day separators say Oggi and Ieri, then the weekday and date, with the year only for past years', () => {
  expect(dayLabel(new Date(2026, 2, 4, 0, 1), now)).toBe('Oggi');
  expect(dayLabel(new Date(2026, 2, 3, 23, 59), now)).toBe('Ieri');
  expect(dayLabel(new Date(2026, 2, 2, 9, 0), now)).toBe('lunedì 2 marzo');
  expect(dayLabel(new Date(2025, 11, 24, 9, 0), now)).toBe('24 dicembre 2025');
});

test("the header's subtitle says how present the other is, coarsely, and nothing when the server says nothing", () => {
  expect(presenceText('online')).toBe('Online ora');
  expect(presenceText('today')).toBe('Attivo oggi');
  expect(presenceText('week')).toBe('Attivo questa settimana');
  expect(presenceText(null)).toBeNull();
});
