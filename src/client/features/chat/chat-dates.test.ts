import { expect, test } from 'vitest';
import { dayLabel, lastSeenText, presenceText } from './chat-dates.ts';

// Local times, so the expectations hold in any time zone.
const now = new Date(2026, 2, 4, 15, 30);

test('day separators say Oggi and Ieri, then the weekday and date, with the year only for past years', () => {
  expect(dayLabel(new Date(2026, 2, 4, 0, 1), now)).toBe('Oggi');
  expect(dayLabel(new Date(2026, 2, 3, 23, 59), now)).toBe('Ieri');
  expect(dayLabel(new Date(2026, 2, 2, 9, 0), now)).toBe('lunedì 2 marzo');
  expect(dayLabel(new Date(2025, 11, 24, 9, 0), now)).toBe('24 dicembre 2025');
});

test('last seen is relative within the hour, then today, yesterday or the date with the time', () => {
  expect(lastSeenText(new Date(2026, 2, 4, 15, 25), now)).toBe('5 minuti fa');
  expect(lastSeenText(new Date(2026, 2, 4, 15, 29, 30), now)).toBe('1 minuto fa');
  expect(lastSeenText(new Date(2026, 2, 4, 15, 31), now)).toBe('1 minuto fa');
  expect(lastSeenText(new Date(2026, 2, 4, 9, 5), now)).toBe('oggi alle 09:05');
  expect(lastSeenText(new Date(2026, 2, 3, 21, 40), now)).toBe('ieri alle 21:40');
  expect(lastSeenText(new Date(2026, 1, 27, 8, 0), now)).toBe('il 27/02/2026 alle 08:00');
});

test("the header says 'Online ora' only when the server says so, and nothing for someone never seen", () => {
  const fiveMinutesAgo = new Date(2026, 2, 4, 15, 25).toISOString();
  expect(presenceText({ online: true, lastSeenAt: fiveMinutesAgo }, now)).toBe('Online ora');
  expect(presenceText({ online: false, lastSeenAt: fiveMinutesAgo }, now)).toBe('Ultimo accesso 5 minuti fa');
  expect(presenceText({ online: false, lastSeenAt: null }, now)).toBeNull();
});
