import { trpc } from '../../../shared/api/trpc.ts';

/**
 * After any change the admin makes, every album list and sticker list is fetched again, in the admin
 * panel and on the collectors' screens alike (spec §7); the dashboard's album count too.
 */
export function useRefreshCatalogue() {
  const utils = trpc.useUtils();
  return () =>
    Promise.all([
      utils.albums.list.invalidate(),
      utils.stickers.list.invalidate(),
      utils.admin.stats.invalidate(),
    ]);
}
