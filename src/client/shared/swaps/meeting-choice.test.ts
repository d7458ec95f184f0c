import { expect, test } from 'vitest';
import { dayLabel, meetingDays, meetingLines, meetingSlot, meetingStarts } from './meeting-choice.ts';

// Tuesday 1 December 2026, 09:40 in Italy (CET).
const now = new Date('2026-12-01T08:40:00Z');

test('the form offers the next 14 Italian days, each named, from today', () => {
  const days = meetingDays(now);
  expect(days).toHaveLength(14);
  expect(dayLabel(days[0] as never)).toBe('martedì 01/12');
  expect(dayLabel(days[4] as never)).toBe('sabato 05/12');
  expect(dayLabel(days[13] as never)).toBe('lunedì 14/12');
});

test("a day's starts follow the place's openings, every 15 minutes, none past, each with the durations that fit", () => {
  const [today, , , , saturday] = meetingDays(now) as [never, never, never, never, never];
  const hours = [
    { day: 2, opens: '09:00', closes: '10:30' },
    { day: 6, opens: '15:00', closes: '16:00' },
  ];
  expect(meetingStarts(today, hours, now)).toEqual([
    { start: '09:45', durations: [15, 30, 45] },
    { start: '10:00', durations: [15, 30] },
    { start: '10:15', durations: [15] },
  ]);
  expect(meetingStarts(saturday, hours, now)).toEqual([
    { start: '15:00', durations: [15, 30, 45, 60] },
    { start: '15:15', durations: [15, 30, 45] },
    { start: '15:30', durations: [15, 30] },
    { start: '15:45', durations: [15] },
  ]);
  // Saturday 15:00 in Rome is 14:00 UTC in winter.
  expect(meetingSlot(saturday, '15:00', 30)).toEqual({
    start: new Date('2026-12-05T14:00:00Z'),
    end: new Date('2026-12-05T14:30:00Z'),
  });
});

test("a swap's meeting reads in Italian time: the day, the window, the place", () => {
  expect(
    meetingLines({
      name: 'Edicola del Duomo',
      address: 'Piazza del Duomo 1',
      comune: 'Milano',
      slotStart: '2026-12-05T10:00:00.000Z',
      slotEnd: '2026-12-05T10:30:00.000Z',
    }),
  ).toEqual({ when: 'sabato 05/12, 11:00–11:30', where: 'Edicola del Duomo, Piazza del Duomo 1 (Milano)' });
});
