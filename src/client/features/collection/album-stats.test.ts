import { expect, test } from 'vitest';
import { albumStats, doublesFigure } from './album-stats.ts';
import type { StickerStatus } from './sticker-status.ts';

const statuses = (no: number, yes: number, double: number): StickerStatus[] => [
  ...Array<StickerStatus>(no).fill('no'),
  ...Array<StickerStatus>(yes).fill('yes'),
  ...Array<StickerStatus>(double).fill('double'),
];

test('owned counts yes and double, missing the rest, doubles only double', () => {
  expect(albumStats(statuses(5, 3, 2))).toEqual({
    total: 10,
    owned: 5,
    missing: 5,
    doubles: 2,
    completion: 50,
  });
});

test('completion is rounded to a whole percent', () => {
  expect(albumStats(statuses(2, 1, 0)).completion).toBe(33);
  expect(albumStats(statuses(1, 2, 0)).completion).toBe(67);
  expect(albumStats(statuses(199, 1, 0)).completion).toBe(1);
  expect(albumStats(statuses(1, 199, 0)).completion).toBe(100);
});

test('an album all owned is 100% with nothing missing', () => {
  expect(albumStats(statuses(0, 3, 1))).toMatchObject({ owned: 4, missing: 0, completion: 100 });
});

test('an album without stickers is 0%, not NaN', () => {
  expect(albumStats([])).toEqual({ total: 0, owned: 0, missing: 0, doubles: 0, completion: 0 });
});

test("doubles read '8 (6 numeri)' when some have more than one spare, the plain count otherwise", () => {
  expect(doublesFigure({ doubles: 6, spareCopies: 8 })).toBe('8 (6 numeri)');
  expect(doublesFigure({ doubles: 1, spareCopies: 3 })).toBe('3 (1 numero)');
  expect(doublesFigure({ doubles: 6, spareCopies: 6 })).toBe('6');
  expect(doublesFigure({ doubles: 0 })).toBe('0');
});
