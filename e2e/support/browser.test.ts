import { expect, test } from 'vitest';
import { chromiumPath } from './browser.ts';

const installed =
  (...files: string[]) =>
  (file: string) =>
    files.includes(file);

const SHELL = '/usr/lib/chromium/chromium-headless-shell';

test("CHROMIUM_PATH names the Chromium to drive; without it, Debian's build asked for", () => {
  expect(
    chromiumPath(
      'headless-shell',
      { CHROMIUM_PATH: '/opt/chrome/chrome' },
      installed('/opt/chrome/chrome', SHELL),
    ),
  ).toBe('/opt/chrome/chrome');
  expect(chromiumPath('headless-shell', {}, installed('/usr/bin/chromium', SHELL))).toBe(SHELL);
  expect(chromiumPath('full', {}, installed('/usr/bin/chromium', SHELL))).toBe('/usr/bin/chromium');
  expect(chromiumPath('full', { CHROMIUM_PATH: '' }, installed('/usr/bin/chromium-browser'))).toBe(
    '/usr/bin/chromium-browser',
  );
  expect(chromiumPath('full', {}, installed(SHELL))).toBeUndefined();
  expect(chromiumPath('headless-shell', {}, installed())).toBeUndefined();
});

test('without the headless shell, the full build does its work', () => {
  expect(chromiumPath('headless-shell', {}, installed('/usr/bin/chromium'))).toBe('/usr/bin/chromium');
});

test('a CHROMIUM_PATH that is not there is an error, not a silent fallback', () => {
  expect(() =>
    chromiumPath(
      'headless-shell',
      { CHROMIUM_PATH: '/opt/none/chrome' },
      installed('/usr/bin/chromium', SHELL),
    ),
  ).toThrow(/CHROMIUM_PATH \/opt\/none\/chrome does not exist/);
});
