import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { httpBatchLink, httpSubscriptionLink, splitLink } from '@trpc/client';
import { useState } from 'react';
import { createQueryClient } from '../shared/api/query-client.ts';
import { trpc } from '../shared/api/trpc.ts';
import { TOAST_DURATION_MS } from '../shared/ui/toast.ts';
import { router } from './router.tsx';
import { theme } from './theme.ts';

export function App() {
  const [queryClient] = useState(createQueryClient);
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

  return (
    <trpc.Provider client={trpcClient} queryClient={queryClient}>
      <QueryClientProvider client={queryClient}>
        <MantineProvider theme={theme} defaultColorScheme="light">
          <Notifications position="top-center" limit={1} autoClose={TOAST_DURATION_MS} />
          <RouterProvider router={router} />
        </MantineProvider>
      </QueryClientProvider>
    </trpc.Provider>
  );
}
