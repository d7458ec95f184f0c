import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { forgetKeptQueries } from '../../shared/api/query-persistence.ts';
import { trpc } from '../../shared/api/trpc.ts';
import { useCurrentUser } from '../../shared/session/use-current-user.ts';
import { hideToasts } from '../../shared/ui/toast.ts';

/**
 * 'Usa questo profilo' (issue 45, row 2): like a login as that profile on this device — nothing of the
 * profile left stays in memory or on the device, and Home opens as the one chosen. Taps still waiting for
 * the server keep their profile and go when it is in use again.
 */
export function useSwitchProfile() {
  const { user } = useCurrentUser();
  const queryClient = useQueryClient();
  const utils = trpc.useUtils();
  const navigate = useNavigate();
  return trpc.family.switchProfile.useMutation({
    meta: { errorMessage: 'Impossibile cambiare profilo' },
    onSuccess: async (me) => {
      hideToasts();
      queryClient.clear();
      await forgetKeptQueries();
      utils.auth.session.setData(undefined, { ...me, sessionKey: user?.sessionKey });
      await navigate({ to: '/' });
    },
  });
}
