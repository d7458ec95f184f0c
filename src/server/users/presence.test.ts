import { expect, test } from 'vitest';
import { presenceOf } from './presence.ts';

// 15:30 in Rome on 4 March 2026 (UTC+1).
const now = new Date('2026-03-04T14:30:00Z');
const ago = (ms: number) => new Date(now.getTime() - ms);
const MINUTE = 60_000;

test('presence is online within two minutes, then today (Italian calendar day), then this week, then nothing', () => {
  expect(presenceOf(ago(MINUTE), now)).toBe('online');
  expect(presenceOf(ago(2 * MINUTE), now)).toBe('online');
  expect(presenceOf(ago(3 * MINUTE), now)).toBe('today');
  // 00:10 in Rome is still today there, though 23:10 of the day before in UTC.
  expect(presenceOf(new Date('2026-03-03T23:10:00Z'), now)).toBe('today');
  expect(presenceOf(new Date('2026-03-03T22:50:00Z'), now)).toBe('week');
  expect(presenceOf(ago(7 * 24 * 60 * MINUTE), now)).toBe('week');
  expect(presenceOf(ago(7 * 24 * 60 * MINUTE + 1), now)).toBeNull();
  expect(presenceOf(null, now)).toBeNull();
});
