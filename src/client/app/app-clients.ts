import type { QueryClient } from '@tanstack/react-query';
import { httpBatchLink, httpSubscriptionLink, splitLink } from '@trpc/client';
import { createTRPCQueryUtils, getQueryKey } from '@trpc/react-query';
import { TRPC_BATCH_MAX } from '../../rpc/schemas/trpc-batch.ts';
import { createQueryClient } from '../shared/api/query-client.ts';
import { forgetKeptQueries, startQueryPersistence } from '../shared/api/query-persistence.ts';
import { reachabilityFetch } from '../shared/api/reachability.ts';
import type { RefusedSession } from '../shared/api/refused-session.ts';
import { trpc } from '../shared/api/trpc.ts';
import { router } from './router.tsx';
import { isAdminPath } from './user-paths.ts';

/**
 * A 401 from any call means the session is gone (expired, logged out elsewhere, deactivated) once
 * refused-session.ts has ruled out a session just replaced by a password change: forget the user and go
 * to /login. The admin panel and the login screen show their login form where they are.
 * Only a cached user is cleared, so the failing `me` that follows cannot start this again.
 */
function signOutOnUnauthorized(queryClient: QueryClient) {
  const meKey = getQueryKey(trpc.auth.session, undefined, 'query');
  const { pathname } = router.state.location;
  const hadUser = queryClient.getQueryData(meKey) != null;
  if (isAdminPath(pathname)) {
    if (hadUser) void queryClient.resetQueries({ queryKey: meKey });
    return;
  }
  if (pathname === '/login') return;
  queryClient.removeQueries({ queryKey: meKey });
  // The next user of this browser must not see this one's data.
  void router.navigate({ to: '/login', replace: true }).then(() => {
    queryClient.removeQueries();
    void forgetKeptQueries();
  });
}

export type AppClients = ReturnType<typeof createAppClients>;

/**
 * The app's one query client (its answers kept on the device) and tRPC client, made once per page
 * before anything renders: the router's guards and loaders use them from the start.
 */
export function createAppClients() {
  // The refusals' check loads with the first 401 (it is not in the entry every first visit downloads);
  // who is here is asked of the server as the browser's cookie says then (the client is made just below).
  let refused: Promise<RefusedSession> | undefined;
  const refusedOnce = () => {
    refused ??= import('../shared/api/refused-session.ts').then(({ refusedSession }) =>
      refusedSession(queryClient, {
        whoIsHere: () => trpcClient.auth.session.query(),
        signOut: () => signOutOnUnauthorized(queryClient),
      }),
    );
    return refused;
  };
  const queryClient: QueryClient = createQueryClient({
    onUnauthorized: (query) => void refusedOnce().then((check) => check.refused(query)),
    onAnswered: (query) => void refused?.then((check) => check.answered(query)),
  });
  startQueryPersistence(queryClient);
  const trpcClient = trpc.createClient({
    links: [
      splitLink({
        condition: (op) => op.type === 'subscription',
        // Chat streams over SSE: the link reconnects by itself and resumes from the last event id.
        true: httpSubscriptionLink({ url: '/trpc' }),
        // httpBatchLink, not the streaming link: calls that set the session cookie must get their headers.
        // At most the calls the server takes in one request, and a URL well inside what servers and
        // proxies accept (a batch of queries carries its inputs in it). A call with no answer at all puts the
        // app offline until the server answers again (reachability.ts).
        false: httpBatchLink({
          url: '/trpc',
          maxItems: TRPC_BATCH_MAX,
          maxURLLength: 8_000,
          fetch: reachabilityFetch,
        }),
      }),
    ],
  });
  const trpcUtils = createTRPCQueryUtils({ queryClient, client: trpcClient });
  return { queryClient, trpcClient, trpcUtils };
}
