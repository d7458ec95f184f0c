import { expect, test } from 'vitest';
import { formatDate, formatDateTime, formatTime } from './dates.ts';

// Local times, so the test reads the same in any time zone.
const afternoon = new Date(2026, 10, 22, 14, 5);
const morning = new Date(2027, 0, 3, 9, 7);

test('a date is day/month/year in full, as Italians write it', () => {
  expect(formatDate(afternoon)).toBe('22/11/2026');
  expect(formatDate(morning)).toBe('03/01/2027');
});

test('a date with its time has the same date, then the 24-hour time', () => {
  expect(formatDateTime(afternoon)).toBe('22/11/2026, 14:05');
  expect(formatDateTime(morning)).toBe('03/01/2027, 09:07');
  expect(formatTime(morning)).toBe('09:07');
});

test('the ISO text an API answers with is read as the moment it names', () => {
  expect(formatDateTime(afternoon.toISOString())).toBe('22/11/2026, 14:05');
  expect(formatDate(morning.toISOString())).toBe('03/01/2027');
});
