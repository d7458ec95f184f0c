/** How long after the page's load event work that can wait is held back. */
const SETTLE_MS = 3_000;

/**
 * Runs work that can wait (the service worker's install, code fetched ahead of need) once the page has
 * loaded, a few seconds have passed and the browser is idle: on a cheap phone it would otherwise slow
 * the first screen down.
 */
export function whenSettled(work: () => void) {
  const whenIdle = () =>
    'requestIdleCallback' in window ? requestIdleCallback(work, { timeout: SETTLE_MS }) : work();
  const afterLoad = () => setTimeout(whenIdle, SETTLE_MS);
  if (document.readyState === 'complete') afterLoad();
  else window.addEventListener('load', afterLoad, { once: true });
}
