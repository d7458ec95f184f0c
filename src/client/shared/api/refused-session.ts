import type { Query, QueryClient } from '@tanstack/react-query';

/** Any query of the cache, whatever its data and error types. */
export type AnyQuery = Query<unknown, unknown, unknown>;

/**
 * A 401 means the session is gone — except in one moment: a password change ends every session and starts
 * a new one, and a call the browser sent with the old cookie just before is refused although the collector
 * is still signed in (the new cookie comes with the change's answer). So before signing out, once no
 * mutation is in flight any more, ask who is here: still someone, the refused query is asked again, once;
 * refused again (or nobody here), sign out as always.
 */
export function refusedSession(
  queryClient: QueryClient,
  { whoIsHere, signOut }: { whoIsHere: () => Promise<unknown>; signOut: () => void },
) {
  const askedAgain = new Set<string>();
  let checking: Promise<boolean> | undefined;
  const stillHere = () => {
    checking ??= (async () => {
      await mutationsSettled(queryClient);
      return (await whoIsHere().catch(() => null)) != null;
    })().finally(() => {
      checking = undefined;
    });
    return checking;
  };

  return {
    /** A call answered 401: the query's own, or a mutation's (no query). */
    refused(query?: AnyQuery) {
      if (query && askedAgain.has(query.queryHash)) {
        askedAgain.delete(query.queryHash);
        signOut();
        return;
      }
      void stillHere().then((here) => {
        if (!here) return signOut();
        if (!query) return;
        askedAgain.add(query.queryHash);
        void queryClient.refetchQueries({ queryKey: query.queryKey, exact: true });
      });
    },
    /** A query answered: asked again or not, it may be refused as a first time later. */
    answered(query: AnyQuery) {
      askedAgain.delete(query.queryHash);
    },
  };
}

export type RefusedSession = ReturnType<typeof refusedSession>;

/** Once no mutation is running (a paused one, waiting for the network, does not count). */
function mutationsSettled(queryClient: QueryClient) {
  const running = () => queryClient.isMutating({ predicate: (mutation) => !mutation.state.isPaused }) > 0;
  return new Promise<void>((resolve) => {
    if (!running()) return resolve();
    const stop = queryClient.getMutationCache().subscribe(() => {
      if (running()) return;
      stop();
      resolve();
    });
  });
}
