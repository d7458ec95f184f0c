import { whenSettled } from './when-settled.ts';

/**
 * Registers the service worker (decision 012) once the first screen has settled: its install downloads
 * and stores the whole shell. Later visits find it installed already.
 */
export function registerServiceWorker() {
  if (!('serviceWorker' in navigator)) return;
  whenSettled(() => {
    navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch(() => undefined);
  });
}
