import { useQueryClient } from '@tanstack/react-query';
import { getQueryKey } from '@trpc/react-query';
import { trpc } from '../../../shared/api/trpc.ts';

/**
 * Logs out and stays on the panel, which turns into the admin login form. `me` is reset rather than
 * invalidated: a refetch that fails would keep the old user as data.
 */
export function useAdminLogout() {
  const queryClient = useQueryClient();
  const utils = trpc.useUtils();
  return trpc.auth.logout.useMutation({
    onSuccess: async () => {
      await utils.auth.session.reset();
      // Only now, with the panel unmounted, can the admin data go without being fetched again.
      const meKey = JSON.stringify(getQueryKey(trpc.auth.session)[0]);
      queryClient.removeQueries({ predicate: (query) => JSON.stringify(query.queryKey[0]) !== meKey });
    },
    meta: { errorMessage: 'Errore durante il logout' },
  });
}
