/**
 * What this browser can do with notifications, read without loading anything (the app's first chunk asks
 * it on every open). The work itself (subscribing, the server's calls) is in push-device.ts.
 */

/**
 * `supported`: Web Push works here. `install-first`: an iPhone or iPad (iOS 16.4 or later) in the browser:
 * Safari gives notifications only to the app added to the Home Screen and opened from there.
 * `unsupported`: neither.
 */
export type PushSupport = 'supported' | 'install-first' | 'unsupported';

/** iOS, iPadOS included: an iPad's Safari says 'Macintosh' but has a touch screen. */
function isAppleMobile(): boolean {
  const agent = navigator.userAgent;
  return /iPhone|iPad|iPod/.test(agent) || (/Macintosh/.test(agent) && navigator.maxTouchPoints > 1);
}

/** The iOS release from the user agent ('OS 17_2 like Mac OS X', or an iPad's 'Version/17.2'). */
function appleMobileVersion(): number {
  const agent = navigator.userAgent;
  const found = /OS (\d+)_(\d+)/.exec(agent) ?? /Version\/(\d+)\.(\d+)/.exec(agent);
  return found ? Number(found[1]) + Number(found[2]) / 100 : 0;
}

export function pushSupport(): PushSupport {
  if (typeof window === 'undefined') return 'unsupported';
  if ('serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window) {
    return 'supported';
  }
  const standalone = (navigator as Navigator & { standalone?: boolean }).standalone === true;
  if (isAppleMobile() && !standalone && appleMobileVersion() >= 16.04) return 'install-first';
  return 'unsupported';
}

/** The browser's answer so far: 'default' (never asked), 'granted' or 'denied'. */
export function notificationPermission(): NotificationPermission | undefined {
  return pushSupport() === 'supported' ? Notification.permission : undefined;
}

const PUSH_OFF = 'scambio-figurine-push-off';
const OFFER_ANSWERED = 'scambio-figurine-alerts-offer';

function readItem(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

function writeItem(key: string, value: string | null) {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
  } catch {
    // Storage refused: the choice holds until the page closes.
  }
}

/** Collectors who turned notifications off on this device (Profilo): the refresh on open leaves them off. */
function pushOffUsers(): number[] {
  try {
    const parsed: unknown = JSON.parse(readItem(PUSH_OFF) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter((id): id is number => Number.isInteger(id)) : [];
  } catch {
    return [];
  }
}

export const isPushOffHere = (userId: number) => pushOffUsers().includes(userId);

export function setPushOffHere(userId: number, off: boolean) {
  const others = pushOffUsers().filter((id) => id !== userId);
  writeItem(PUSH_OFF, JSON.stringify(off ? [...others, userId] : others));
}

/** Whether the offer after the first proposal was answered ('Attiva', 'Non ora', closed) on this device. */
export const isAlertsOfferAnswered = () => readItem(OFFER_ANSWERED) !== null;

export const rememberAlertsOfferAnswered = () => writeItem(OFFER_ANSWERED, new Date().toISOString());
