import { trpc } from '../api/trpc.ts';

/** Who is logged in: `user` is null when nobody is (GET /api/auth/me answered non-OK; never retried). */
export function useCurrentUser() {
  const query = trpc.auth.me.useQuery(undefined, { retry: false, staleTime: 60_000 });
  return { user: query.data ?? null, isLoading: query.isLoading, query };
}
