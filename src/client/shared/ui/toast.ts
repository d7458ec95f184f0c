import { type ReactNode, useSyncExternalStore } from 'react';

export const TOAST_DURATION_MS = 5000;

/**
 * Mantine's notifications (with their transitions and scroll handling) are not part of the app's first
 * download: every visit used to parse them and render their host before its first screen, and most
 * visits show no toast. `preloadToasts` fetches them ahead of need (at the first tap, once the first
 * screen has settled, and as an album opens), so a toast still shows on a phone that has lost its signal
 * since. Their store lives in the module: a toast asked for before its host has mounted shows when it
 * does.
 */
export const loadToastHost = () => import('./toast-host.tsx');

export function preloadToasts() {
  void loadToastHost().catch(() => undefined);
}

let hostWanted = false;
const hostListeners = new Set<() => void>();

function subscribeHost(listener: () => void) {
  hostListeners.add(listener);
  return () => hostListeners.delete(listener);
}

/** Whether the toasts' host must be on screen: from the first toast on. */
export function useToastHostWanted() {
  return useSyncExternalStore(subscribeHost, () => hostWanted);
}

/** One toast at a time, as the spec asks: a new one replaces whatever is showing. */
export function showToast(color: 'red' | 'teal' | 'dark', title: string | undefined, message: ReactNode) {
  if (!hostWanted) {
    hostWanted = true;
    for (const listener of hostListeners) listener();
  }
  void loadToastHost().then(({ notifications }) => {
    notifications.clean();
    notifications.show({ color, title, message, autoClose: TOAST_DURATION_MS, withBorder: true });
  });
}

export function hideToasts() {
  void loadToastHost().then(({ notifications }) => notifications.clean());
}

export function toastError(message: string, title = 'Errore') {
  showToast('red', title, message);
}

export function toastSuccess(title: string, message: string) {
  showToast('teal', title, message);
}
