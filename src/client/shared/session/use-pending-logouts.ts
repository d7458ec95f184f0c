import { onlineManager } from '@tanstack/react-query';
import { useCallback, useEffect } from 'react';
import { trpc } from '../api/trpc.ts';
import { sendPendingLogouts } from './pending-logouts.ts';

/**
 * Sends the logouts made on this device (when it says it is online). Once the server has ended a
 * session, who is here is asked again: the cookie it cleared answers nobody.
 */
export function useSendPendingLogouts(): () => Promise<void> {
  const utils = trpc.useUtils();
  return useCallback(async () => {
    if (!onlineManager.isOnline()) return;
    const settled = await sendPendingLogouts((input) => utils.client.auth.logout.mutate(input));
    if (settled > 0) await utils.auth.session.reset();
  }, [utils]);
}

/** Mounted once in the app shell: at every start and every return of the connection. */
export function usePendingLogoutSync() {
  const send = useSendPendingLogouts();
  useEffect(() => {
    void send();
    return onlineManager.subscribe((online) => {
      if (online) void send();
    });
  }, [send]);
}
