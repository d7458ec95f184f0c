import type { EntityManager } from '@mikro-orm/postgresql';
import type { User } from '../db/entities/user.ts';
import type { MatchIndex } from './match-index.ts';
import { searchMatches } from './potential-matches.ts';

/**
 * The collectors I could swap with both ways now (at least one 1:1 swap), as the Match screen finds them:
 * my selected album, my radius. What the daily 'Vicino a te' names (alerts/digest.ts).
 */
export function mutualCandidatesSearch(index: MatchIndex) {
  return async (em: EntityManager, user: User) =>
    (await searchMatches(em, user, {}, index))
      .filter((candidate) => candidate.swapCount > 0)
      .map(({ id, nickname }) => ({ id, nickname }));
}
