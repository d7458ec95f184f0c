import { expect, test } from 'vitest';
import { nicknameChangeNote, normaliseNickname, typedNickname } from './nickname-input.ts';

test('the nickname field keeps only uppercase letters and digits, at most 8', () => {
  expect(normaliseNickname('ab-c d!efghijk')).toBe('ABCDEFGH');
  expect(normaliseNickname('mario_99')).toBe('MARIO99');
  expect(normaliseNickname('àèìòù')).toBe('');
  expect(normaliseNickname('12345678901')).toBe('12345678');
});

test("registration says what a typed nickname becomes: 'anna.b_1992' is ANNAB199", () => {
  let typed = '';
  let shown = '';
  for (const key of 'anna.b_1992') {
    typed = typedNickname(typed, shown, shown + key);
    shown = normaliseNickname(shown + key);
  }
  expect(shown).toBe('ANNAB199');
  expect(nicknameChangeNote(typed, shown)).toBe('Hai scritto «anna.b_1992»: il tuo nickname sarà ANNAB199');
  expect(nicknameChangeNote(typedNickname('', '', 'anna.b_1992'), 'ANNAB199')).toContain('«anna.b_1992»');
  expect(nicknameChangeNote('mario99', 'MARIO99')).toBeUndefined();
  expect(nicknameChangeNote('', '')).toBeUndefined();
});
