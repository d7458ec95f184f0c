import { expect, test } from 'vitest';
import { registerInput } from './auth.ts';
import { changePasswordForm, nicknameSchema } from './users.ts';

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? undefined : result.error?.issues[0]?.message;

test('the password form reports the spec messages in order', () => {
  const check = (currentPassword: string, newPassword: string, confirmPassword: string) =>
    firstMessage(changePasswordForm.safeParse({ currentPassword, newPassword, confirmPassword }));
  expect(check('', 'nuova123', 'nuova123')).toBe('Tutti i campi sono obbligatori');
  expect(check('vecchia', 'nuova123', '')).toBe('Tutti i campi sono obbligatori');
  expect(check('vecchia', 'nuova123', 'nuova124')).toBe('Le password non coincidono');
  expect(check('vecchia', 'corta', 'corta')).toBe('La nuova password deve essere di almeno 6 caratteri');
  expect(check('vecchia', 'nuova123', 'nuova123')).toBeUndefined();
});

test('each password message is on the field it is about', () => {
  const fieldsOf = (currentPassword: string, newPassword: string, confirmPassword: string) => {
    const result = changePasswordForm.safeParse({ currentPassword, newPassword, confirmPassword });
    return result.success ? [] : result.error.issues.map((issue) => issue.path.join('.'));
  };
  expect(fieldsOf('', 'nuova123', '')).toEqual(['currentPassword', 'confirmPassword']);
  expect(fieldsOf('vecchia', 'nuova123', 'nuova124')).toEqual(['confirmPassword']);
  expect(fieldsOf('vecchia', 'corta', 'corta')).toEqual(['newPassword']);
});

test('nicknames are trimmed and uppercased before their rules apply', () => {
  expect(nicknameSchema.parse('  mario1 ')).toBe('MARIO1');
  expect(firstMessage(nicknameSchema.safeParse('   '))).toBe('Il nickname è obbligatorio');
});

test('registration defaults the radius to 10 km', () => {
  expect(
    registerInput.parse({ birthYear: 1990, birthMonth: 5, nickname: 'A', password: 'segreto', cap: '20121' })
      .raggioKm,
  ).toBe(10);
});
