import type { Page } from 'playwright-core';

/** What the app keeps on the device for offline use (React Query's persisted cache, as stored). */
export function keptOnDevice(page: Page): Promise<string> {
  return page.evaluate(
    () =>
      new Promise<string>((resolve) => {
        const open = indexedDB.open('scambio-figurine-cache');
        open.onsuccess = () => {
          const read = open.result.transaction('queries').objectStore('queries').get('queries');
          read.onsuccess = () => resolve(String(read.result ?? ''));
          read.onerror = () => resolve('');
        };
        open.onerror = () => resolve('');
      }),
  );
}
