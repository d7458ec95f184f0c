import { useQueryClient } from '@tanstack/react-query';
import { getQueryKey } from '@trpc/react-query';
import { useEffect } from 'react';
import { httpStatus } from '../../../shared/api/error-message.ts';
import { trpc } from '../../../shared/api/trpc.ts';

/**
 * While the panel is open, an admin call answered 401 means the session is gone (expired, or ended by
 * another administrator): ask `me` again so the panel gives way to the login form instead of errors.
 */
export function useSignOutOn401() {
  const queryClient = useQueryClient();
  const utils = trpc.useUtils();
  useEffect(() => {
    const meKey = JSON.stringify(getQueryKey(trpc.auth.me)[0]);
    return queryClient.getQueryCache().subscribe((event) => {
      if (event.type !== 'updated' || event.action.type !== 'error') return;
      if (JSON.stringify(event.query.queryKey[0]) === meKey) return;
      if (httpStatus(event.action.error) === 401) void utils.auth.me.reset();
    });
  }, [queryClient, utils]);
}
