import { expect, test } from 'vitest';
import { compatibilityScore } from './compatibility.ts';

test('swaps over what I could trade at most', () => {
  expect(compatibilityScore({ swaps: 5, theyCanGive: 8, myDoubles: 10, myMissing: 40 })).toBe(50);
  expect(compatibilityScore({ swaps: 10, theyCanGive: 10, myDoubles: 10, myMissing: 40 })).toBe(100);
  expect(compatibilityScore({ swaps: 3, theyCanGive: 30, myDoubles: 50, myMissing: 9 })).toBe(33);
});

test('without swaps, the share of my gaps they fill; never below 1', () => {
  expect(compatibilityScore({ swaps: 0, theyCanGive: 5, myDoubles: 0, myMissing: 20 })).toBe(25);
  expect(compatibilityScore({ swaps: 0, theyCanGive: 1, myDoubles: 0, myMissing: 700 })).toBe(1);
});
