import { expect, test } from 'vitest';
import { sayOnce } from './field-errors.ts';

test('a message shared by several fields is written under the first and only marks the others', () => {
  const order = ['current', 'next', 'confirm'] as const;
  const required = 'Tutti i campi sono obbligatori';
  expect(sayOnce({ next: required, confirm: required }, order)).toEqual({ next: required, confirm: true });
  expect(sayOnce({ current: 'Sbagliata', confirm: 'Diverse' }, order)).toEqual({
    current: 'Sbagliata',
    confirm: 'Diverse',
  });
  expect(sayOnce({}, order)).toEqual({});
});
