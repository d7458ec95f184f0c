import { afterEach, expect, test, vi } from 'vitest';
import { pushSupport } from './push-support.ts';

const IPHONE_17 =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.2 Mobile/15E148 Safari/604.1';
const IPHONE_16_3 =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 16_3 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/16.3 Mobile/15E148 Safari/604.1';
/** iPadOS asks for the desktop site: a Mac's agent, told apart by its touch screen. */
const IPAD_DESKTOP =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15';
const ANDROID_CHROME =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';

/** A browser with this agent, with or without the Push API, in a tab or opened from the Home Screen. */
function browser(userAgent: string, { push = false, touch = 5, standalone = false } = {}) {
  const pushApi = push ? { PushManager: class {}, Notification: class {} } : {};
  vi.stubGlobal('window', pushApi);
  vi.stubGlobal('navigator', { userAgent, maxTouchPoints: touch, standalone, serviceWorker: {} });
}

afterEach(() => {
  vi.unstubAllGlobals();
});

test('a browser with the Push API is supported, wherever it runs', () => {
  browser(ANDROID_CHROME, { push: true });
  expect(pushSupport()).toBe('supported');
  // Safari from the Home Screen (iOS 16.4 or later) has it.
  browser(IPHONE_17, { push: true, standalone: true });
  expect(pushSupport()).toBe('supported');
});

test('an iPhone or iPad on iOS 16.4 or later, in a tab, must add the app to the Home Screen first', () => {
  browser(IPHONE_17);
  expect(pushSupport()).toBe('install-first');
  browser(IPAD_DESKTOP);
  expect(pushSupport()).toBe('install-first');
});

test('without the Push API and with no way to get it: unsupported', () => {
  // Before iOS 16.4, not even the Home Screen app gets notifications.
  browser(IPHONE_16_3);
  expect(pushSupport()).toBe('unsupported');
  // A real Mac (no touch screen) without the Push API.
  browser(IPAD_DESKTOP, { touch: 0 });
  expect(pushSupport()).toBe('unsupported');
  browser(ANDROID_CHROME);
  expect(pushSupport()).toBe('unsupported');
});
