import { MutationCache, onlineManager, QueryCache, QueryClient } from '@tanstack/react-query';
import { callFailureReport } from '../error-reporting/describe-error.ts';
import { reportError } from '../error-reporting/error-reporter.ts';
import { httpStatus } from './error-message.ts';
import { toastMutationError } from './mutation-error-toast.ts';
import type { AnyQuery } from './refused-session.ts';

function reportFailure(kind: 'Query' | 'Mutation', key: unknown, error: unknown) {
  const report = callFailureReport(kind, key, error);
  if (report) reportError(report);
}

/**
 * The spec's query defaults (§9). Every failed call goes through here once: it is reported (spec §8), a
 * 401 goes to `onUnauthorized` (the app shell decides where the user goes), and a failed mutation shows
 * the toast its `meta` describes.
 */
export function createQueryClient({
  onUnauthorized,
  onAnswered,
}: {
  /** A 401: the query refused, none for a mutation. */
  onUnauthorized: (query?: AnyQuery) => void;
  onAnswered?: (query: AnyQuery) => void;
}) {
  const onCallError = (error: unknown, query?: AnyQuery) => {
    if (httpStatus(error) === 401) onUnauthorized(query);
  };
  // React Query assumes a connection until told otherwise; an app opened offline must know at once.
  onlineManager.setOnline(navigator.onLine);
  return new QueryClient({
    // Called once per failure, after the retries: a query that recovers on its retry is not reported.
    queryCache: new QueryCache({
      onError: (error, query) => {
        reportFailure('Query', query.queryKey, error);
        onCallError(error, query);
      },
      onSuccess: (_data, query) => onAnswered?.(query),
    }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _result, mutation) => {
        reportFailure('Mutation', mutation.options.mutationKey, error);
        toastMutationError(error, mutation.meta);
        onCallError(error);
      },
    }),
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        gcTime: 5 * 60_000,
        // The spec's one retry, but not for a 401: the session is gone and asking again cannot bring it back.
        retry: (failures, error) => failures < 1 && httpStatus(error) !== 401,
        refetchOnWindowFocus: true,
        refetchOnReconnect: false,
        refetchOnMount: true,
      },
      mutations: { retry: 0 },
    },
  });
}
