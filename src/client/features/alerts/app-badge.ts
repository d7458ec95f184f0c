import { useEffect } from 'react';

type BadgingNavigator = Navigator & {
  setAppBadge?: (count?: number) => Promise<void>;
  clearAppBadge?: () => Promise<void>;
};

function showAppBadge(count: number) {
  const badging = navigator as BadgingNavigator;
  if (!badging.setAppBadge || !badging.clearAppBadge) return;
  // Refused where the app is not installed, or the browser says no: the tab bar's badge still shows it.
  void (count > 0 ? badging.setAppBadge(count) : badging.clearAppBadge()).catch(() => undefined);
}

/**
 * The app's icon shows what the Match tab's badge shows (the service worker sets it from each push while the
 * app is closed); cleared when the collector leaves (logout).
 */
export function useAppBadge(count: number) {
  useEffect(() => showAppBadge(count), [count]);
  useEffect(() => () => showAppBadge(0), []);
}
