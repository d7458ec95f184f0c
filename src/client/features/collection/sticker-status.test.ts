import { expect, test } from 'vitest';
import { toggledDouble } from './sticker-status.ts';

test('the double button toggles yes and double and is inert on a missing sticker', () => {
  expect(toggledDouble('yes')).toBe('double');
  expect(toggledDouble('double')).toBe('yes');
  expect(toggledDouble('no')).toBeUndefined();
});
