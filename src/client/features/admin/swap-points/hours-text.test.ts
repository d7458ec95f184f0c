import { expect, test } from 'vitest';
import { dayHoursText, parseDayHours } from './hours-text.ts';

test("a weekday's openings read back as typed; dots, en dashes and one-digit hours read too", () => {
  const hours = [
    { day: 6, opens: '15:00', closes: '19:00' },
    { day: 6, opens: '09:00', closes: '12:30' },
    { day: 1, opens: '08:00', closes: '20:00' },
  ];
  expect(dayHoursText(hours, 6)).toBe('09:00-12:30, 15:00-19:00');
  expect(dayHoursText(hours, 2)).toBe('');
  expect(parseDayHours('09:00-12:30, 15:00-19:00', 6)).toEqual(
    hours.filter((one) => one.day === 6).reverse(),
  );
  expect(parseDayHours('9.00–12.30', 3)).toEqual([{ day: 3, opens: '09:00', closes: '12:30' }]);
  expect(parseDayHours('  ', 3)).toEqual([]);
});

test('what cannot be read says how to write it', () => {
  expect(parseDayHours('mattina', 1)).toBe('Scrivi gli orari come 09:00-12:30, separati da una virgola');
  expect(parseDayHours('12:00-09:00', 1)).toBe("L'orario di chiusura deve venire dopo quello di apertura");
});
