import { expect, test } from 'vitest';
import { ALBUM_YEAR, INITIAL_STICKERS } from '../../../../rpc/schemas/albums.ts';
import { numberFieldValue, priceFieldCents, priceFieldValue } from './number-field.ts';

test('an emptied or unparsable field falls back to the default', () => {
  expect(numberFieldValue('', ALBUM_YEAR)).toBe(2025);
  expect(numberFieldValue('-', ALBUM_YEAR)).toBe(2025);
  expect(numberFieldValue('abc', INITIAL_STICKERS)).toBe(INITIAL_STICKERS.default);
  expect(numberFieldValue(Number.NaN, INITIAL_STICKERS)).toBe(INITIAL_STICKERS.default);
});

test('a number is kept as typed, inside the range or not (the schema says when it is out of range)', () => {
  expect(numberFieldValue(1998, ALBUM_YEAR)).toBe(1998);
  expect(numberFieldValue('640', INITIAL_STICKERS)).toBe(640);
  expect(numberFieldValue(1800, ALBUM_YEAR)).toBe(1800);
  expect(numberFieldValue('5000', INITIAL_STICKERS)).toBe(5000);
  expect(numberFieldValue(0, INITIAL_STICKERS)).toBe(0);
  expect(numberFieldValue('2020,5', ALBUM_YEAR)).toBe(2020.5);
});

test('the price field in euros becomes cents; emptied, no price', () => {
  expect(priceFieldCents('')).toBeNull();
  expect(priceFieldCents('  ')).toBeNull();
  expect(priceFieldCents(0.15)).toBe(15);
  expect(priceFieldCents('1,20')).toBe(120);
  expect(priceFieldCents(0.29)).toBe(29);
  expect(priceFieldCents('abc')).toBeNaN();
  expect(priceFieldValue(120)).toBe(1.2);
  expect(priceFieldValue(null)).toBe('');
});
