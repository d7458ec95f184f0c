import { expect, test } from 'vitest';
import { normaliseCap } from './cap-input.ts';

test('the CAP field keeps only digits, at most 5, also from a paste', () => {
  expect(normaliseCap('20121 Milano')).toBe('20121');
  expect(normaliseCap('abc')).toBe('');
  expect(normaliseCap('2012a')).toBe('2012');
  expect(normaliseCap('001849')).toBe('00184');
});
