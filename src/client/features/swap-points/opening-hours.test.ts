import { expect, test } from 'vitest';
import { weekLines } from './opening-hours.ts';

test("a week reads from Monday, each day's openings in order, the other days 'chiuso'", () => {
  expect(
    weekLines([
      { day: 6, opens: '15:00', closes: '19:00' },
      { day: 1, opens: '08:00', closes: '12:30' },
      { day: 6, opens: '09:00', closes: '12:00' },
    ]),
  ).toEqual([
    { day: 'lunedì', text: '08:00–12:30' },
    { day: 'martedì', text: 'chiuso' },
    { day: 'mercoledì', text: 'chiuso' },
    { day: 'giovedì', text: 'chiuso' },
    { day: 'venerdì', text: 'chiuso' },
    { day: 'sabato', text: '09:00–12:00, 15:00–19:00' },
    { day: 'domenica', text: 'chiuso' },
  ]);
});
