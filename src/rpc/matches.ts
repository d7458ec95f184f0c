import { createMatch, listMatches, matchHeader } from '../server/matches/matches.ts';
import { searchMatches } from '../server/matches/potential-matches.ts';
import { createMatchInput, matchInput, potentialMatchesInput } from './schemas/matches.ts';
import { authedProcedure, router } from './trpc.ts';

export const matchesRouter = router({
  potential: authedProcedure
    .input(potentialMatchesInput)
    .query(({ ctx, input }) => searchMatches(ctx.em, ctx.auth.user, input ?? {})),

  list: authedProcedure.query(({ ctx }) => listMatches(ctx.em, ctx.auth.user.id)),

  create: authedProcedure
    .input(createMatchInput)
    .mutation(({ ctx, input }) => createMatch(ctx.em, ctx.auth.user.id, input.user2Id)),

  /** The chat header: the other participant, and whether they are online now. */
  get: authedProcedure
    .input(matchInput)
    .query(({ ctx, input }) => matchHeader(ctx.em, input.matchId, ctx.auth.user.id)),
});
