export const DOUBLE_TAP_WINDOW_MS = 300;

/**
 * Phone behaviour of the spec: scroll the address bar away on load, and stop pinch (multi-touch) and
 * double-tap zoom, which only get in the way when tapping sticker buttons quickly.
 */
export function installTouchBehaviour() {
  window.addEventListener('load', () => window.setTimeout(() => window.scrollTo(0, 1), 0));

  document.addEventListener(
    'touchstart',
    (event) => {
      if (event.touches.length > 1) event.preventDefault();
    },
    { passive: false },
  );

  let lastTouchEnd = 0;
  document.addEventListener(
    'touchend',
    (event) => {
      const now = Date.now();
      if (now - lastTouchEnd <= DOUBLE_TAP_WINDOW_MS) event.preventDefault();
      lastTouchEnd = now;
    },
    { passive: false },
  );

  // Safari's pinch gesture events.
  document.addEventListener('gesturestart', (event) => event.preventDefault());
}
