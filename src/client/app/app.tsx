import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';
import { trpc } from '../shared/api/trpc.ts';
import { loadToastHost, useToastHostWanted } from '../shared/ui/toast.ts';
import type { AppClients } from './app-clients.ts';
import { router } from './router.tsx';
import { cssVariables, theme } from './theme.ts';

const LazyToastHost = lazy(() => loadToastHost().then(({ ToastHost }) => ({ default: ToastHost })));

/** Toasts' host, there from the first toast on (see `showToast`). */
function Toasts() {
  const wanted = useToastHostWanted();
  return wanted ? (
    <Suspense fallback={null}>
      <LazyToastHost />
    </Suspense>
  ) : null;
}

export function App({ clients: { queryClient, trpcClient } }: { clients: AppClients }) {
  return (
    <trpc.Provider client={trpcClient} queryClient={queryClient}>
      <QueryClientProvider client={queryClient}>
        <MantineProvider theme={theme} cssVariablesResolver={cssVariables} defaultColorScheme="light">
          <Toasts />
          <RouterProvider router={router} />
        </MantineProvider>
      </QueryClientProvider>
    </trpc.Provider>
  );
}
