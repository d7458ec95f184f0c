export const DOUBLE_TAP_WINDOW_MS = 300;

/**
 * Phone behaviour of the spec: scroll the address bar away on load, and stop pinch (multi-touch) and
 * double-tap zoom. A double tap is a second tap on the same element within 300 ms: quick taps on
 * different buttons (sticker rows, tabs) all go through. CSS `touch-action: manipulation` (global.css)
 * removes the zoom delay itself.
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

  let lastTap = { at: 0, target: null as EventTarget | null };
  document.addEventListener(
    'touchend',
    (event) => {
      const now = Date.now();
      if (event.target === lastTap.target && now - lastTap.at <= DOUBLE_TAP_WINDOW_MS) event.preventDefault();
      lastTap = { at: now, target: event.target };
    },
    { passive: false },
  );

  // Safari's pinch gesture events.
  document.addEventListener('gesturestart', (event) => event.preventDefault());
}
