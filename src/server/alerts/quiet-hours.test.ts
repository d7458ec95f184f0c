import { expect, test } from 'vitest';
import {
  isQuietHour,
  italianDay,
  minorsHeldUntil,
  nextMorning,
  outsideQuietHours,
  quietUntil,
  reminderTime,
} from './quiet-hours.ts';

// Winter: Italy is UTC+1; summer: UTC+2.
const at = (iso: string) => new Date(iso);

test('the quiet hours run from 21:00 to 8:00 in Italy, in winter and in summer time', () => {
  expect(isQuietHour(at('2026-01-15T19:59:00Z'))).toBe(false); // 20:59 in Rome
  expect(isQuietHour(at('2026-01-15T20:00:00Z'))).toBe(true); // 21:00
  expect(isQuietHour(at('2026-01-16T06:59:00Z'))).toBe(true); // 07:59
  expect(isQuietHour(at('2026-01-16T07:00:00Z'))).toBe(false); // 08:00
  expect(isQuietHour(at('2026-07-15T18:59:00Z'))).toBe(false); // 20:59 summer
  expect(isQuietHour(at('2026-07-15T19:00:00Z'))).toBe(true); // 21:00 summer
  expect(isQuietHour(at('2026-07-16T06:00:00Z'))).toBe(false); // 08:00 summer
});

test('an alert due in the quiet hours waits for 8:00 in Italy: delayed, not dropped', () => {
  expect(outsideQuietHours(at('2026-01-15T22:30:00Z')).toISOString()).toBe('2026-01-16T07:00:00.000Z');
  expect(outsideQuietHours(at('2026-01-16T03:00:00Z')).toISOString()).toBe('2026-01-16T07:00:00.000Z');
  expect(outsideQuietHours(at('2026-07-15T20:00:00Z')).toISOString()).toBe('2026-07-16T06:00:00.000Z');
  const noon = at('2026-01-15T11:00:00Z');
  expect(outsideQuietHours(noon)).toBe(noon);
});

test('the mornings after the clocks change are 8:00 on the new time', () => {
  // Summer time starts on 29 March 2026 at 2:00; winter time on 25 October 2026 at 3:00.
  expect(nextMorning(at('2026-03-28T21:00:00Z')).toISOString()).toBe('2026-03-29T06:00:00.000Z');
  expect(nextMorning(at('2026-10-24T20:00:00Z')).toISOString()).toBe('2026-10-25T07:00:00.000Z');
});

test('the Italian day changes at midnight in Rome, not in UTC', () => {
  expect(italianDay(at('2026-01-15T22:59:00Z'))).toBe('2026-01-15');
  expect(italianDay(at('2026-01-15T23:00:00Z'))).toBe('2026-01-16');
});

test('a deadline is reminded a day before, or in the morning when that falls in the quiet hours', () => {
  const now = at('2026-01-10T10:00:00Z');
  // Expires at 15:00: reminded at 15:00 the day before.
  expect(reminderTime(at('2026-01-15T14:00:00Z'), now).toISOString()).toBe('2026-01-14T14:00:00.000Z');
  // Expires at 23:30: the day before's 23:30 is quiet, so 8:00 on the last day, still before it ends.
  expect(reminderTime(at('2026-01-15T22:30:00Z'), now).toISOString()).toBe('2026-01-15T07:00:00.000Z');
  // A deadline closer than a day: reminded now (or this morning's 8:00).
  expect(reminderTime(at('2026-01-10T20:00:00Z'), now).toISOString()).toBe(now.toISOString());
});

test("a minor's alerts wait from 20:00 to 8:00 in Italy, in winter and in summer time", () => {
  const heldUntil = (iso: string) => minorsHeldUntil(new Date(iso))?.toISOString();
  // Winter: Rome is UTC+1.
  expect(heldUntil('2026-01-15T18:59:00Z')).toBeUndefined();
  expect(heldUntil('2026-01-15T19:00:00Z')).toBe('2026-01-16T07:00:00.000Z');
  expect(heldUntil('2026-01-16T06:59:00Z')).toBe('2026-01-16T07:00:00.000Z');
  expect(heldUntil('2026-01-16T07:00:00Z')).toBeUndefined();
  // Summer: UTC+2.
  expect(heldUntil('2026-07-15T17:59:00Z')).toBeUndefined();
  expect(heldUntil('2026-07-15T18:00:00Z')).toBe('2026-07-16T06:00:00.000Z');
});

test("a collector's own 'Non disturbare' holds an alert to its end, across midnight or within a day; none holds nothing", () => {
  const night = { from: '21:00', to: '08:00' };
  // 23:30 in Rome in winter (UTC+1): until 8:00 the next day.
  expect(quietUntil(new Date('2026-01-15T22:30:00Z'), night)?.toISOString()).toBe('2026-01-16T07:00:00.000Z');
  // 06:59 in Rome: until 8:00 the same day.
  expect(quietUntil(new Date('2026-01-16T05:59:00Z'), night)?.toISOString()).toBe('2026-01-16T07:00:00.000Z');
  // 20:59 and 8:00 are outside.
  expect(quietUntil(new Date('2026-01-15T19:59:00Z'), night)).toBeUndefined();
  expect(quietUntil(new Date('2026-01-16T07:00:00Z'), night)).toBeUndefined();
  // Within one day (a nap), in summer time (UTC+2).
  const nap = { from: '13:30', to: '15:00' };
  expect(quietUntil(new Date('2026-07-01T12:00:00Z'), nap)?.toISOString()).toBe('2026-07-01T13:00:00.000Z');
  expect(quietUntil(new Date('2026-07-01T13:00:00Z'), nap)).toBeUndefined();
  expect(quietUntil(new Date('2026-01-15T22:30:00Z'), null)).toBeUndefined();
});
