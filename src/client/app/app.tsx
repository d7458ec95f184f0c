import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { httpBatchLink, httpSubscriptionLink, splitLink } from '@trpc/client';
import { createTRPCQueryUtils, getQueryKey } from '@trpc/react-query';
import { useState } from 'react';
import { createQueryClient } from '../shared/api/query-client.ts';
import { forgetKeptQueries, startQueryPersistence } from '../shared/api/query-persistence.ts';
import { trpc } from '../shared/api/trpc.ts';
import { TOAST_DURATION_MS } from '../shared/ui/toast.ts';
import { router } from './router.tsx';
import { cssVariables, theme } from './theme.ts';
import { isAdminPath } from './user-paths.ts';

/**
 * A 401 from any call means the session is gone (expired, logged out elsewhere, deactivated): forget the
 * user and go to /login. The admin panel and the login screen show their login form where they are.
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

export function App() {
  const [queryClient] = useState(() => {
    const client: QueryClient = createQueryClient({ onUnauthorized: () => signOutOnUnauthorized(client) });
    startQueryPersistence(client);
    return client;
  });
  const [trpcClient] = useState(() =>
    trpc.createClient({
      links: [
        splitLink({
          condition: (op) => op.type === 'subscription',
          // Chat streams over SSE: the link reconnects by itself and resumes from the last event id.
          true: httpSubscriptionLink({ url: '/trpc' }),
          // httpBatchLink, not the streaming link: calls that set the session cookie must get their headers.
          false: httpBatchLink({ url: '/trpc' }),
        }),
      ],
    }),
  );
  const [trpcUtils] = useState(() => createTRPCQueryUtils({ queryClient, client: trpcClient }));

  return (
    <trpc.Provider client={trpcClient} queryClient={queryClient}>
      <QueryClientProvider client={queryClient}>
        <MantineProvider theme={theme} cssVariablesResolver={cssVariables} defaultColorScheme="light">
          <Notifications position="bottom-center" limit={1} autoClose={TOAST_DURATION_MS} />
          <RouterProvider router={router} context={{ queryClient, trpcUtils }} />
        </MantineProvider>
      </QueryClientProvider>
    </trpc.Provider>
  );
}
