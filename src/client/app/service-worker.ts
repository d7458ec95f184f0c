/** After the first screen has settled: the service worker's install must not compete with it. */
const SETTLE_MS = 3_000;

/**
 * Registers the service worker (decision 012) once the page has loaded, the browser is idle and a few
 * seconds have passed: its install downloads and stores the whole shell, work that on a cheap phone
 * would otherwise slow the first screen down. Later visits find it installed already.
 */
export function registerServiceWorker() {
  if (!('serviceWorker' in navigator)) return;
  const register = () => {
    navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch(() => undefined);
  };
  const whenIdle = () =>
    'requestIdleCallback' in window ? requestIdleCallback(register, { timeout: SETTLE_MS }) : register();
  const afterLoad = () => setTimeout(whenIdle, SETTLE_MS);
  if (document.readyState === 'complete') afterLoad();
  else window.addEventListener('load', afterLoad, { once: true });
}
