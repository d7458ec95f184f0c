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

/** The taps the outbox keeps on the device (IndexedDB, as stored): each sticker's status by its id. */
export function tapsOnDevice(page: Page): Promise<Record<number, string>> {
  return page.evaluate(
    () =>
      new Promise<Record<number, string>>((resolve) => {
        const open = indexedDB.open('scambio-figurine-outbox');
        open.onsuccess = () => {
          const read = open.result.transaction('taps').objectStore('taps').getAll();
          read.onsuccess = () =>
            resolve(
              Object.fromEntries(
                (read.result as { stickerId: number; status: string }[]).map((tap) => [
                  tap.stickerId,
                  tap.status,
                ]),
              ),
            );
          read.onerror = () => resolve({});
        };
        open.onerror = () => resolve({});
      }),
  );
}
