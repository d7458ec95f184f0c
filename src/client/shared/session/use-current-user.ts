import { hashKey, onlineManager, type QueryClient } from '@tanstack/react-query';
import type { createTRPCQueryUtils } from '@trpc/react-query';
import type { AppRouter } from '../../../rpc/router.ts';
import { isNetworkFailure } from '../api/error-message.ts';
import { queriesRestored } from '../api/query-persistence.ts';
import { type CurrentUser, type RouterOutputs, trpc } from '../api/trpc.ts';
import { isLoggedOutHere, rememberSession } from './pending-logouts.ts';

type SessionAnswer = RouterOutputs['auth']['session'];

/** Asked at most once a minute and never retried: `auth.session` answers null when nobody is logged in. */
const CURRENT_USER_OPTIONS = { retry: false, staleTime: 60_000 } as const;

/** What the router's guards need to ask who is here: passed through the router context. */
export type SessionContext = {
  queryClient: QueryClient;
  trpcUtils: ReturnType<typeof createTRPCQueryUtils<AppRouter>>;
};

/** The answer as this device takes it: a session logged out here is nobody, until the server agrees. */
function present(user: SessionAnswer | undefined): SessionAnswer {
  return user && !isLoggedOutHere(user) ? user : null;
}

/** Who is logged in: `user` is null when nobody is (or the question failed; never retried). */
export function useCurrentUser() {
  const query = trpc.auth.session.useQuery(undefined, { ...CURRENT_USER_OPTIONS, select: present });
  return { user: query.data ?? null, isLoading: query.isLoading, query };
}

/**
 * The same question outside React, for `beforeLoad`: the cached answer while fresh, else one request;
 * null for nobody. `fetchQuery`, not `ensureQueryData`: "nobody" is cached too, and after a login
 * invalidates it the stale null must be asked again.
 */
export async function ensureCurrentUser({
  queryClient,
  trpcUtils,
}: SessionContext): Promise<CurrentUser | null> {
  await queriesRestored();
  const options = trpcUtils.auth.session.queryOptions(undefined, CURRENT_USER_OPTIONS);
  // Offline the question would wait for the connection: who was here last time answers meanwhile.
  const lastSeen = present(queryClient.getQueryData(options.queryKey));
  if (!onlineManager.isOnline()) return lastSeen;
  try {
    const answer = await queryClient.fetchQuery(options);
    rememberSession(answer);
    const user = present(answer);
    // Someone else than the collector whose answers this device kept: none of those may show.
    if (lastSeen && user?.id !== lastSeen.id) {
      const session = hashKey(options.queryKey);
      queryClient.removeQueries({ predicate: (query) => query.queryHash !== session });
    }
    return user;
  } catch (error) {
    // No answer (the device thinks it is online, the network says otherwise): as offline.
    return isNetworkFailure(error) ? lastSeen : null;
  }
}
