import { expect, test } from 'vitest';
import type { StickerKind } from '../../../rpc/schemas/stickers.ts';
import { choiceProblem, initialChoice, toggled } from './initial-choice.ts';

const stickers = (...numbers: string[]) =>
  numbers.map((number) => ({ number, name: `Figurina ${number}`, kind: 'base' as StickerKind }));
const kinds = (list: [string, StickerKind][]) => list.map(([number, kind]) => ({ number, kind }));

test('the chooser starts from as many 1:1 exchanges as both sides allow', () => {
  const choice = initialChoice(stickers('1', '2', '3'), stickers('7', '8'), false);
  expect([...choice.give]).toEqual(['1', '2']);
  expect([...choice.receive]).toEqual(['7', '8']);
  expect(choiceProblem(choice.give, choice.receive)).toBeNull();
});

test('like for like: base for base, speciale for speciale, extra for extra; the switch mixes base and speciale only', () => {
  const mine = kinds([
    ['1', 'base'],
    ['P1', 'speciale'],
    ['P2', 'speciale'],
    ['X1', 'extra'],
  ]);
  const theirs = kinds([
    ['7', 'base'],
    ['8', 'base'],
    ['P9', 'speciale'],
    ['X5', 'base'],
  ]);
  const strict = initialChoice(mine, theirs, false);
  expect([...strict.give]).toEqual(['1', 'P1']);
  expect([...strict.receive]).toEqual(['7', 'P9']);
  const mixed = initialChoice(mine, theirs, true);
  expect([...mixed.give]).toEqual(['1', 'P1', 'P2']);
  expect([...mixed.receive]).toEqual(['7', 'P9', '8']);
  // An extra of mine finds no extra of theirs: it is not offered, either way.
  expect(mixed.give.has('X1')).toBe(false);
});

test('nothing to receive: nothing chosen, and a proposal needs a sticker on each side', () => {
  const choice = initialChoice(stickers('1'), [], false);
  expect(choice.give.size).toBe(0);
  expect(choiceProblem(choice.give, choice.receive)).toBe('Scegli almeno una figurina per parte');
});

test('at most 50 a side; a tap toggles one sticker', () => {
  const many = stickers(...Array.from({ length: 60 }, (_, i) => String(i + 1)));
  const choice = initialChoice(many, many, false);
  expect(choice.give.size).toBe(50);
  const more = toggled(choice.give, '51');
  expect(choiceProblem(more, choice.receive)).toBe('Al massimo 50 figurine per parte');
  expect(toggled(more, '51').size).toBe(50);
});

test("after one sticker of theirs ('Le mie ultime'): that one, for my first double of its kind; unknown, the 1:1 start", () => {
  const mine = kinds([
    ['1', 'base'],
    ['P2', 'speciale'],
    ['4', 'base'],
  ]);
  const theirs = kinds([
    ['7', 'base'],
    ['9', 'base'],
    ['P3', 'speciale'],
  ]);
  const choice = initialChoice(mine, theirs, false, '9');
  expect([...choice.give]).toEqual(['1']);
  expect([...choice.receive]).toEqual(['9']);
  expect([...initialChoice(mine, theirs, false, 'P3').give]).toEqual(['P2']);
  // No double of its kind: my first double, the collector decides.
  expect([...initialChoice(kinds([['1', 'base']]), theirs, false, 'P3').give]).toEqual(['1']);
  expect([...initialChoice(mine, theirs, false, '5').receive]).toEqual(['7', '9', 'P3']);
});

test('asking for a gift (their doubles in regalo): nothing given, at least one sticker received', () => {
  const theirs = kinds([
    ['7', 'base'],
    ['9', 'base'],
  ]);
  const choice = initialChoice([], theirs, false, '9');
  expect([...choice.give]).toEqual([]);
  expect([...choice.receive]).toEqual(['9']);
  expect(choiceProblem(choice.give, choice.receive, true)).toBeNull();
  expect(choiceProblem(choice.give, new Set(), true)).toBe('Scegli almeno una figurina che ricevi');
  expect(choiceProblem(choice.give, choice.receive)).toBe('Scegli almeno una figurina per parte');
});
