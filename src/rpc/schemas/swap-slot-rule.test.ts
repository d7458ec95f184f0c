import { expect, test } from 'vitest';
import {
  SLOT_CLOSED_MESSAGE,
  SLOT_LENGTH_MESSAGE,
  SLOT_WHEN_MESSAGE,
  slotProblem,
  withinOpeningHours,
} from './swap-slot-rule.ts';

// Saturday 5 December 2026 (CET, UTC+1) and Sunday 28 March 2027 (the night clocks go forward).
const now = new Date('2026-12-01T12:00:00Z');
const saturdayMorning = [{ day: 6, opens: '09:00', closes: '12:30' }];
const at = (iso: string) => new Date(iso);

test('a window fits an opening of its Italian weekday, its end included; one minute past closing does not', () => {
  expect(withinOpeningHours(at('2026-12-05T08:00:00Z'), at('2026-12-05T08:30:00Z'), saturdayMorning)).toBe(
    true,
  );
  expect(withinOpeningHours(at('2026-12-05T11:00:00Z'), at('2026-12-05T11:30:00Z'), saturdayMorning)).toBe(
    true,
  );
  expect(withinOpeningHours(at('2026-12-05T11:00:00Z'), at('2026-12-05T11:31:00Z'), saturdayMorning)).toBe(
    false,
  );
  expect(withinOpeningHours(at('2026-12-05T07:59:00Z'), at('2026-12-05T08:30:00Z'), saturdayMorning)).toBe(
    false,
  );
  // Friday at the same hours: closed.
  expect(withinOpeningHours(at('2026-12-04T08:00:00Z'), at('2026-12-04T08:30:00Z'), saturdayMorning)).toBe(
    false,
  );
  // Until midnight, and not across it.
  const evening = [{ day: 6, opens: '20:00', closes: '24:00' }];
  expect(withinOpeningHours(at('2026-12-05T22:30:00Z'), at('2026-12-05T23:00:00Z'), evening)).toBe(true);
  expect(withinOpeningHours(at('2026-12-05T22:45:00Z'), at('2026-12-05T23:15:00Z'), evening)).toBe(false);
  // Summer time: 10:00 in Rome is 08:00 UTC.
  const sunday = [{ day: 7, opens: '10:00', closes: '11:00' }];
  expect(withinOpeningHours(at('2027-03-28T08:00:00Z'), at('2027-03-28T09:00:00Z'), sunday)).toBe(true);
  expect(withinOpeningHours(at('2027-03-28T09:00:00Z'), at('2027-03-28T10:00:00Z'), sunday)).toBe(false);
});

test('a window lasts 15 to 120 minutes, starts after now, ends within 14 days, at an open place', () => {
  const window = (start: string, minutes: number) => ({
    start: at(start),
    end: new Date(at(start).getTime() + minutes * 60_000),
  });
  expect(slotProblem(window('2026-12-05T08:00:00Z', 30), saturdayMorning, now)).toBeUndefined();
  expect(slotProblem(window('2026-12-05T08:00:00Z', 15), saturdayMorning, now)).toBeUndefined();
  expect(slotProblem(window('2026-12-05T08:00:00Z', 14), saturdayMorning, now)).toBe(SLOT_LENGTH_MESSAGE);
  expect(slotProblem(window('2026-12-05T08:00:00Z', 121), saturdayMorning, now)).toBe(SLOT_LENGTH_MESSAGE);
  expect(slotProblem(window('2026-12-05T08:00:00Z', -30), saturdayMorning, now)).toBe(SLOT_LENGTH_MESSAGE);
  expect(slotProblem(window('2026-11-28T08:00:00Z', 30), saturdayMorning, now)).toBe(SLOT_WHEN_MESSAGE);
  expect(slotProblem(window('2026-12-19T08:00:00Z', 30), saturdayMorning, now)).toBe(SLOT_WHEN_MESSAGE);
  expect(slotProblem(window('2026-12-12T08:00:00Z', 30), saturdayMorning, now)).toBeUndefined();
  expect(slotProblem(window('2026-12-05T12:00:00Z', 30), saturdayMorning, now)).toBe(SLOT_CLOSED_MESSAGE);
  expect(slotProblem(window('2026-12-05T08:00:00Z', 30), [], now)).toBe(SLOT_CLOSED_MESSAGE);
});
