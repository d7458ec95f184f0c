import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { callFailureReport } from '../error-reporting/describe-error.ts';
import { reportError } from '../error-reporting/error-reporter.ts';

function reportFailure(kind: 'Query' | 'Mutation', key: unknown, error: unknown) {
  const report = callFailureReport(kind, key, error);
  if (report) reportError(report);
}

/** The spec's query defaults (§9); failed queries and mutations are reported (spec §8). */
export function createQueryClient() {
  return new QueryClient({
    // Called once per failure, after the retries: a query that recovers on its retry is not reported.
    queryCache: new QueryCache({ onError: (error, query) => reportFailure('Query', query.queryKey, error) }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _result, mutation) =>
        reportFailure('Mutation', mutation.options.mutationKey, error),
    }),
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        gcTime: 5 * 60_000,
        retry: 1,
        refetchOnWindowFocus: true,
        refetchOnReconnect: false,
        refetchOnMount: true,
      },
      mutations: { retry: 0 },
    },
  });
}
