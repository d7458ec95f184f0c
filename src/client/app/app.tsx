import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { trpc } from '../shared/api/trpc.ts';
import { TOAST_DURATION_MS } from '../shared/ui/toast.ts';
import type { AppClients } from './app-clients.ts';
import { router } from './router.tsx';
import { cssVariables, theme } from './theme.ts';

export function App({ clients: { queryClient, trpcClient } }: { clients: AppClients }) {
  return (
    <trpc.Provider client={trpcClient} queryClient={queryClient}>
      <QueryClientProvider client={queryClient}>
        <MantineProvider theme={theme} cssVariablesResolver={cssVariables} defaultColorScheme="light">
          <Notifications position="bottom-center" limit={1} autoClose={TOAST_DURATION_MS} />
          <RouterProvider router={router} />
        </MantineProvider>
      </QueryClientProvider>
    </trpc.Provider>
  );
}
