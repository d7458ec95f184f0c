import { expect, test } from 'vitest';
import { sessionKeySchema } from './auth.ts';
import { isSessionKey } from './session-key-rule.ts';

test('the client takes a kept session key as the schema does', () => {
  const key = 'AbCdEfGhIjKlMnOpQrStUvWxYz0123456789-_abcde';
  expect(key).toHaveLength(43);
  const values = [
    key,
    key.slice(1),
    `${key}f`,
    ` ${key.slice(1)}`,
    `${key.slice(1)}=`,
    `${key.slice(1)}+`,
    `${key.slice(1)}\n`,
    '',
    43,
    null,
    undefined,
    { key },
  ];
  for (const value of values) {
    expect(isSessionKey(value), JSON.stringify(value)).toBe(sessionKeySchema.safeParse(value).success);
  }
});
