import { type InfiniteData, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { getQueryKey } from '@trpc/react-query';
import { trpc } from '../../shared/api/trpc.ts';
import type { Candidate } from './candidate-summary.ts';

/**
 * Into the chat of a match just made ('Matcha!', or a proposal, which opens one): the search results learn
 * of it at once, so coming back shows 'Già in contatto' instead of 'Matcha!'.
 */
export function useOpenChat() {
  const utils = trpc.useUtils();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return async (otherId: number, matchId: number) => {
    queryClient.setQueriesData<InfiniteData<Candidate[]>>(
      { queryKey: getQueryKey(trpc.matches.potential) },
      (found) =>
        found && {
          ...found,
          pages: found.pages.map((page) =>
            page.map((candidate) => (candidate.id === otherId ? { ...candidate, matchId } : candidate)),
          ),
        },
    );
    void utils.matches.list.invalidate();
    await navigate({ to: '/chat/$matchId', params: { matchId: String(matchId) } });
  };
}
