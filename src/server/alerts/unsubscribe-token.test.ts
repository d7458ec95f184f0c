import { expect, test } from 'vitest';
import { readUnsubscribeToken, unsubscribeToken } from './unsubscribe-token.ts';

const secret = 'a-session-secret-of-at-least-32-characters';

test("an unsubscribe link's token names its collector and kind, and nothing forged passes", () => {
  const token = unsubscribeToken(secret, 42, 'proposal');
  expect(readUnsubscribeToken(secret, token)).toEqual({ userId: 42, kind: 'proposal' });
  expect(readUnsubscribeToken('another-secret-of-at-least-32-characters', token)).toBeUndefined();
  const [, , mac] = token.split('.');
  expect(readUnsubscribeToken(secret, `43.proposal.${mac}`)).toBeUndefined();
  expect(readUnsubscribeToken(secret, `42.message.${mac}`)).toBeUndefined();
  expect(readUnsubscribeToken(secret, 'garbage')).toBeUndefined();
  expect(readUnsubscribeToken(secret, `${token}x`)).toBeUndefined();
});
