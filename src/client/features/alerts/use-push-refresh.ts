import { useEffect } from 'react';
import { isPushOffHere, notificationPermission } from '../../shared/alerts/push-support.ts';
import { trpc } from '../../shared/api/trpc.ts';

/**
 * On every open, and at every login: where the browser allows notifications, this device's subscription is
 * posted again for the collector now logged in (issue 33). Its code is fetched only then; for anyone else
 * this costs nothing.
 */
export function usePushRefresh(userId: number | undefined) {
  const utils = trpc.useUtils();
  useEffect(() => {
    if (userId === undefined || notificationPermission() !== 'granted' || isPushOffHere(userId)) return;
    let current = true;
    void import('../../shared/alerts/push-device.ts')
      .then((device) => (current ? device.refreshThisDevice(utils.client, userId) : undefined))
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, [userId, utils]);
}
