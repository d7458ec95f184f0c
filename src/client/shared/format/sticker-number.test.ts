import { expect, test } from 'vitest';
import { displayNumber } from './sticker-number.ts';

test('numeric numbers are padded to three digits', () => {
  expect(displayNumber('7')).toBe('007');
  expect(displayNumber('42')).toBe('042');
  expect(displayNumber('100')).toBe('100');
  expect(displayNumber('123')).toBe('123');
});

test("a number printed with leading zeros shows as printed: '00' is 00, never 000", () => {
  expect(displayNumber('00')).toBe('00');
  expect(displayNumber('0')).toBe('0');
  expect(displayNumber('07')).toBe('07');
});

test('longer numbers are not cut and codes are left unchanged', () => {
  expect(displayNumber('1000')).toBe('1000');
  expect(displayNumber('SPE 3')).toBe('SPE 3');
  expect(displayNumber('ITA 12')).toBe('ITA 12');
  expect(displayNumber('7a')).toBe('7a');
});
