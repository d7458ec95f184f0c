import { expect, test } from 'vitest';
import { DIGEST_CHECK_EVERY_MS, digestWait, planDigest } from './digest-plan.ts';

const at = (iso: string) => new Date(iso);
const anna = { id: 1, nickname: 'ANNA' };
const bruno = { id: 2, nickname: 'BRUNO' };
const carla = { id: 3, nickname: 'CARLA' };

test('the digest never goes out in the quiet hours: it waits for the morning', () => {
  expect(digestWait(at('2026-01-15T21:30:00Z'), null, 0)?.toISOString()).toBe('2026-01-16T07:00:00.000Z');
  expect(digestWait(at('2026-01-16T05:00:00Z'), null, 0)?.toISOString()).toBe('2026-01-16T07:00:00.000Z');
  // The jitter spreads the mornings over 45 minutes.
  expect(digestWait(at('2026-01-16T05:00:00Z'), null, 1)?.toISOString()).toBe('2026-01-16T07:45:00.000Z');
  expect(digestWait(at('2026-01-16T09:00:00Z'), null, 0)).toBeUndefined();
});

test('at most one digest an Italian day: after one, the next waits for tomorrow morning', () => {
  const sentThisMorning = at('2026-01-16T07:10:00Z');
  expect(digestWait(at('2026-01-16T18:00:00Z'), sentThisMorning, 0)?.toISOString()).toBe(
    '2026-01-17T07:00:00.000Z',
  );
  // Yesterday's, sent at 23:30 UTC the day before (00:30 in Rome is today: not before 8 anyway).
  expect(digestWait(at('2026-01-16T09:00:00Z'), at('2026-01-15T12:00:00Z'), 0)).toBeUndefined();
});

test('only collectors new since the last check are news; a burst of them is one digest', () => {
  const now = at('2026-01-16T09:00:00Z');
  const plan = planDigest({ now, told: [1], mutual: [anna, bruno, carla], jitter: 0 });
  expect(plan.tell).toEqual([bruno, carla]);
  expect(plan.told).toEqual([1, 2, 3]);
  expect(plan.nextRunAt.toISOString()).toBe('2026-01-17T07:00:00.000Z');
});

test('nothing new, nothing sent: it looks again a few hours later, outside the quiet hours', () => {
  const morning = planDigest({ now: at('2026-01-16T09:00:00Z'), told: [1, 2], mutual: [anna], jitter: 0 });
  expect(morning.tell).toEqual([]);
  expect(morning.told).toEqual([1]);
  expect(morning.nextRunAt.getTime() - at('2026-01-16T09:00:00Z').getTime()).toBe(DIGEST_CHECK_EVERY_MS);
  const evening = planDigest({ now: at('2026-01-16T18:30:00Z'), told: [], mutual: [], jitter: 0 });
  expect(evening.nextRunAt.toISOString()).toBe('2026-01-17T07:00:00.000Z');
});

test('someone told once, gone and back again is news again: the check is re-done at send time', () => {
  const first = planDigest({ now: at('2026-01-16T09:00:00Z'), told: [], mutual: [anna], jitter: 0 });
  const gone = planDigest({ now: at('2026-01-17T09:00:00Z'), told: first.told, mutual: [], jitter: 0 });
  const back = planDigest({ now: at('2026-01-17T13:00:00Z'), told: gone.told, mutual: [anna], jitter: 0 });
  expect(back.tell).toEqual([anna]);
});
