import { expect, test } from 'vitest';
import { chromiumPath } from './browser.ts';

const installed =
  (...files: string[]) =>
  (file: string) =>
    files.includes(file);

test("CHROMIUM_PATH names the Chromium to drive; without it, Debian's", () => {
  expect(chromiumPath({ CHROMIUM_PATH: '/opt/chrome/chrome' }, installed('/opt/chrome/chrome'))).toBe(
    '/opt/chrome/chrome',
  );
  expect(chromiumPath({}, installed('/usr/bin/chromium'))).toBe('/usr/bin/chromium');
  expect(chromiumPath({ CHROMIUM_PATH: '' }, installed('/usr/bin/chromium-browser'))).toBe(
    '/usr/bin/chromium-browser',
  );
  expect(chromiumPath({}, installed())).toBeUndefined();
});

test('a CHROMIUM_PATH that is not there is an error, not a silent fallback', () => {
  expect(() => chromiumPath({ CHROMIUM_PATH: '/opt/none/chrome' }, installed('/usr/bin/chromium'))).toThrow(
    /CHROMIUM_PATH \/opt\/none\/chrome does not exist/,
  );
});
