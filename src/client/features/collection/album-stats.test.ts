import { expect, test } from 'vitest';
import { albumStats, doublesFigure } from './album-stats.ts';
import type { StickerStatus } from './sticker-status.ts';

type Kind = 'base' | 'speciale' | 'extra';

/** Stickers 0…n−1 with these statuses (and kinds, 'base' unless told), and the album's stats of them. */
function statsOf(list: StickerStatus[], kinds: Kind[] = []) {
  const stickers = list.map((_, id) => ({ id, kind: kinds[id] ?? 'base' }));
  return albumStats(stickers, (id) => list[id] ?? 'no');
}

const statuses = (no: number, yes: number, double: number): StickerStatus[] => [
  ...Array<StickerStatus>(no).fill('no'),
  ...Array<StickerStatus>(yes).fill('yes'),
  ...Array<StickerStatus>(double).fill('double'),
];

test('owned counts yes and double, missing the rest, doubles only double', () => {
  expect(statsOf(statuses(5, 3, 2))).toEqual({
    total: 10,
    owned: 5,
    missing: 5,
    doubles: 2,
    completion: 50,
    extras: { total: 0, owned: 0 },
  });
});

test('completion is rounded to a whole percent', () => {
  expect(statsOf(statuses(2, 1, 0)).completion).toBe(33);
  expect(statsOf(statuses(1, 2, 0)).completion).toBe(67);
  expect(statsOf(statuses(199, 1, 0)).completion).toBe(1);
  expect(statsOf(statuses(1, 199, 0)).completion).toBe(100);
});

test('an album all owned is 100% with nothing missing', () => {
  expect(statsOf(statuses(0, 3, 1))).toMatchObject({ owned: 4, missing: 0, completion: 100 });
});

test('an album without stickers is 0%, not NaN', () => {
  expect(statsOf([])).toEqual({
    total: 0,
    owned: 0,
    missing: 0,
    doubles: 0,
    completion: 0,
    extras: { total: 0, owned: 0 },
  });
});

test('extras are out of the total, the missing and the percent, counted apart; their doubles still count', () => {
  const kinds: Kind[] = ['base', 'speciale', 'base', 'extra', 'extra', 'extra'];
  expect(statsOf(['yes', 'no', 'no', 'double', 'no', 'no'], kinds)).toEqual({
    total: 3,
    owned: 1,
    missing: 2,
    doubles: 1,
    completion: 33,
    extras: { total: 3, owned: 1 },
  });
});

test('a stickers list kept from before kinds (no kind) counts every sticker', () => {
  expect(albumStats([{ id: 1 }, { id: 2 }], (id) => (id === 1 ? 'yes' : 'no'))).toMatchObject({
    total: 2,
    missing: 1,
    extras: { total: 0, owned: 0 },
  });
});

test("doubles read '8 (6 numeri)' when some have more than one spare, the plain count otherwise", () => {
  expect(doublesFigure({ doubles: 6, spareCopies: 8 })).toBe('8 (6 numeri)');
  expect(doublesFigure({ doubles: 1, spareCopies: 3 })).toBe('3 (1 numero)');
  expect(doublesFigure({ doubles: 6, spareCopies: 6 })).toBe('6');
  expect(doublesFigure({ doubles: 0 })).toBe('0');
});
