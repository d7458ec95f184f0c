import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useCallback } from 'react';
import { forgetKeptQueries } from '../../shared/api/query-persistence.ts';
import { trpc } from '../../shared/api/trpc.ts';
import { rememberLogout } from '../../shared/session/pending-logouts.ts';
import { useCurrentUser } from '../../shared/session/use-current-user.ts';
import { useSendPendingLogouts } from '../../shared/session/use-pending-logouts.ts';
import { hideToasts } from '../../shared/ui/toast.ts';

/**
 * 'Esci' (decision 014): logged out on this device at once, with or without a connection — nothing of
 * the collector stays in memory or on the device, /login shows — and the server's session ends as soon
 * as the logout, kept on the device, gets through.
 */
export function useLogOut(): () => Promise<void> {
  const { user } = useCurrentUser();
  const queryClient = useQueryClient();
  const utils = trpc.useUtils();
  const navigate = useNavigate();
  const sendLogouts = useSendPendingLogouts();
  return useCallback(async () => {
    if (user) rememberLogout(user);
    // A tap's 'Annulla' would queue a change for the collector who just left.
    hideToasts();
    queryClient.clear();
    // "Nobody", fresh: the guard of /login answers at once instead of asking a server that may not answer.
    utils.auth.session.setData(undefined, null);
    await forgetKeptQueries();
    await navigate({ to: '/login' });
    void sendLogouts();
  }, [user, queryClient, utils, navigate, sendLogouts]);
}
