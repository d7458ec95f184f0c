import { expect, test } from 'vitest';
import { eveOf } from './raduno-alerts.ts';

const inItaly = (date: Date) =>
  date.toLocaleString('it-IT', { timeZone: 'Europe/Rome', dateStyle: 'short', timeStyle: 'short' });

test('the eve reminder is at 18:00 in Italy on the calendar day before the start, summer time or not', () => {
  // A Sunday morning in winter, and one in summer.
  expect(inItaly(eveOf(new Date('2026-12-06T09:00:00+01:00')))).toBe('05/12/26, 18:00');
  expect(inItaly(eveOf(new Date('2027-07-04T09:00:00+02:00')))).toBe('03/07/27, 18:00');
  // Just after midnight on the Monday after the clocks go forward: Sunday's 18:00, not Saturday's.
  expect(inItaly(eveOf(new Date('2027-03-29T00:30:00+02:00')))).toBe('28/03/27, 18:00');
  // The first of a month: the last day of the one before.
  expect(inItaly(eveOf(new Date('2027-03-01T10:00:00+01:00')))).toBe('28/02/27, 18:00');
});
