import { expect, test } from 'vitest';
import { parseIds, reconcileSwitches, withSwitch } from './active-albums.ts';

const empty = { active: [], known: [] };

test('on a new device every album is ON', () => {
  expect(reconcileSwitches(empty, [3, 1, 2])).toEqual({ active: [3, 1, 2], known: [3, 1, 2] });
});

test('an album switched OFF stays OFF, and one added later arrives ON', () => {
  const off = withSwitch(reconcileSwitches(empty, [1, 2]), 1, false);
  expect(off).toEqual({ active: [2], known: [1, 2] });
  expect(reconcileSwitches(off, [1, 2])).toBe(off);
  expect(reconcileSwitches(off, [1, 2, 7])).toEqual({ active: [2, 7], known: [1, 2, 7] });
});

test('switching ON again adds the album once', () => {
  const stored = { active: [2], known: [1, 2] };
  expect(withSwitch(stored, 1, true)).toEqual({ active: [2, 1], known: [1, 2] });
  expect(withSwitch(withSwitch(stored, 2, true), 2, true)).toEqual(stored);
});

test('storage that is not a list of ids reads as empty', () => {
  expect(parseIds(null)).toEqual([]);
  expect(parseIds('[1, 2, "x", 2.5]')).toEqual([1, 2]);
  expect(parseIds('{"a":1}')).toEqual([]);
  expect(parseIds('not json')).toEqual([]);
});
