import { expect, test } from 'vitest';
import { normaliseNickname } from './nickname-input.ts';

test('the nickname field keeps only uppercase letters and digits, at most 8', () => {
  expect(normaliseNickname('ab-c d!efghijk')).toBe('ABCDEFGH');
  expect(normaliseNickname('mario_99')).toBe('MARIO99');
  expect(normaliseNickname('àèìòù')).toBe('');
  expect(normaliseNickname('12345678901')).toBe('12345678');
});
