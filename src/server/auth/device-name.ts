/**
 * A coarse, human name for the device a session was started on, read from its User-Agent: 'Chrome su
 * Android', 'Safari su iPhone', 'Firefox su Windows'. Profilo's 'Dispositivi' only needs a browser and a
 * system, so a few ordered patterns do (a full parser such as ua-parser-js would add a dependency for
 * detail nobody reads here). Unknown agents, or none, are 'Dispositivo sconosciuto'.
 */
const BROWSERS: [RegExp, string][] = [
  [/\bEdg(?:e|A|iOS)?\//, 'Edge'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\b(?:OPR|Opera)\//, 'Opera'],
  [/\b(?:Firefox|FxiOS)\//, 'Firefox'],
  [/\b(?:Headless)?(?:Chrome|CriOS|Chromium)\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*\bSafari\//, 'Safari'],
];

const SYSTEMS: [RegExp, string][] = [
  [/\biPhone\b/, 'iPhone'],
  [/\biPad\b/, 'iPad'],
  [/\bAndroid\b/, 'Android'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bWindows\b/, 'Windows'],
  [/\bMac OS X\b|\bMacintosh\b/, 'Mac'],
  [/\bLinux\b/, 'Linux'],
];

export const UNKNOWN_DEVICE = 'Dispositivo sconosciuto';

export function deviceName(userAgent: string | undefined): string {
  if (!userAgent) return UNKNOWN_DEVICE;
  const browser = BROWSERS.find(([pattern]) => pattern.test(userAgent))?.[1];
  const system = SYSTEMS.find(([pattern]) => pattern.test(userAgent))?.[1];
  if (browser && system) return `${browser} su ${system}`;
  return browser ?? (system ? `Browser su ${system}` : UNKNOWN_DEVICE);
}
