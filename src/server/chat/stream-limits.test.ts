import { expect, test } from 'vitest';
import { SERVER_BUSY_MESSAGE, streamLimits } from './stream-limits.ts';

test('a sixth stream of one user ends their oldest; the others keep theirs', () => {
  const limits = streamLimits({ perUser: 5, perServer: 100 });
  const anna = Array.from({ length: 5 }, () => limits.take(1));
  const bruno = limits.take(2);
  const sixth = limits.take(1);
  expect(anna.map((slot) => slot.signal.aborted)).toEqual([true, false, false, false, false]);
  expect([bruno.signal.aborted, sixth.signal.aborted]).toEqual([false, false]);
  expect(limits.open).toBe(6);
  // The ended stream releasing its slot afterwards frees nothing twice.
  anna[0]?.release();
  anna[0]?.release();
  expect(limits.open).toBe(6);
});

test('a full server refuses new streams until one closes, but a user at their own limit trades one in', () => {
  const limits = streamLimits({ perUser: 2, perServer: 3 });
  const [first, second] = [limits.take(1), limits.take(1)];
  const carla = limits.take(3);
  expect(() => limits.take(2)).toThrow(SERVER_BUSY_MESSAGE);
  const third = limits.take(1);
  expect([first.signal.aborted, second.signal.aborted, third.signal.aborted]).toEqual([true, false, false]);
  expect(limits.open).toBe(3);
  carla.release();
  expect(limits.take(2).signal.aborted).toBe(false);
});
