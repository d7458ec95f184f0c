import { expect, test } from 'vitest';
import { ALBUM_YEAR, INITIAL_STICKERS } from '../../../../rpc/schemas/albums.ts';
import { numberFieldValue } from './number-field.ts';

test('an emptied or unparsable field falls back to the default', () => {
  expect(numberFieldValue('', ALBUM_YEAR)).toBe(2025);
  expect(numberFieldValue('-', ALBUM_YEAR)).toBe(2025);
  expect(numberFieldValue('abc', INITIAL_STICKERS)).toBe(1);
  expect(numberFieldValue(Number.NaN, INITIAL_STICKERS)).toBe(1);
});

test('a number inside the range is kept', () => {
  expect(numberFieldValue(1998, ALBUM_YEAR)).toBe(1998);
  expect(numberFieldValue('640', INITIAL_STICKERS)).toBe(640);
});

test('a number outside the range is brought to its nearest end', () => {
  expect(numberFieldValue(1800, ALBUM_YEAR)).toBe(1900);
  expect(numberFieldValue(2031, ALBUM_YEAR)).toBe(2030);
  expect(numberFieldValue(0, INITIAL_STICKERS)).toBe(1);
  expect(numberFieldValue('5000', INITIAL_STICKERS)).toBe(1000);
});

test('a decimal becomes a whole number', () => {
  expect(numberFieldValue(12.9, INITIAL_STICKERS)).toBe(12);
  expect(numberFieldValue('2020,5', ALBUM_YEAR)).toBe(2020);
});
