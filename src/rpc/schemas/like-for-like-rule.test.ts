import { expect, test } from 'vitest';
import { likeForLikeSwaps, pairLikeForLike } from './like-for-like-rule.ts';
import type { StickerKind } from './stickers.ts';

const counts = (base: number, speciale: number, extra: number) => ({ base, speciale, extra });

test('swaps pair base with base, speciale with speciale and extra with extra; the switch mixes the first two only', () => {
  // They give 3 base and 2 speciale, I give 1 base and 4 speciale: 1 + 2 like for like, 5 mixed.
  expect(likeForLikeSwaps(counts(3, 2, 0), counts(1, 4, 0), false)).toBe(3);
  expect(likeForLikeSwaps(counts(3, 2, 0), counts(1, 4, 0), true)).toBe(5);
  // An extra never pairs with anything else, switch or not.
  expect(likeForLikeSwaps(counts(0, 0, 3), counts(2, 2, 0), true)).toBe(0);
  expect(likeForLikeSwaps(counts(1, 0, 3), counts(2, 0, 1), false)).toBe(2);
  // Never more than the plain count of either side.
  expect(likeForLikeSwaps(counts(5, 0, 0), counts(2, 0, 0), false)).toBe(2);
});

test("pairs follow the lists kind by kind, in each list's order", () => {
  const list = (...stickers: [string, StickerKind][]) => stickers.map(([number, kind]) => ({ number, kind }));
  const mine = list(['1', 'base'], ['P1', 'speciale'], ['X1', 'extra'], ['2', 'base']);
  const theirs = list(['P7', 'speciale'], ['9', 'base'], ['X4', 'extra'], ['P8', 'speciale']);
  const numbers = (mix: boolean) =>
    pairLikeForLike(mine, theirs, mix).map(([a, b]) => `${a.number}>${b.number}`);
  expect(numbers(false)).toEqual(['1>9', 'P1>P7', 'X1>X4']);
  // Mixed: like for like first, then what is left over of base and speciale.
  expect(numbers(true)).toEqual(['1>9', 'P1>P7', 'X1>X4', '2>P8']);
});
