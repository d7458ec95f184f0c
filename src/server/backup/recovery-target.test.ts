import { expect, test } from 'vitest';
import { parseRecoveryTarget } from './recovery-target.ts';

const now = new Date('2026-11-25T18:00:00Z');

test("a time without a zone is Italy's: CET in winter, CEST in summer", () => {
  expect(parseRecoveryTarget('2026-11-25 10:00', now).toISOString()).toBe('2026-11-25T09:00:00.000Z');
  expect(parseRecoveryTarget('2026-07-01 10:00:30', now).toISOString()).toBe('2026-07-01T08:00:30.000Z');
  // The night the clocks go back: 02:30 comes twice; either is a real moment of that night.
  expect(['2026-10-25T00:30:00.000Z', '2026-10-25T01:30:00.000Z']).toContain(
    parseRecoveryTarget('2026-10-25 02:30', now).toISOString(),
  );
});

test('a time with its zone is taken as it is; anything else, or the future, is refused', () => {
  expect(parseRecoveryTarget('2026-11-25T09:00:00.250Z', now).toISOString()).toBe('2026-11-25T09:00:00.250Z');
  expect(parseRecoveryTarget('2026-11-25T10:00:00+01:00', now).toISOString()).toBe(
    '2026-11-25T09:00:00.000Z',
  );
  expect(() => parseRecoveryTarget('ieri', now)).toThrow(/is not a time/);
  expect(() => parseRecoveryTarget('2026-11-25 20:00', now)).toThrow(/is in the future/);
});
