import { candidateExchanges } from '../server/matches/candidate-exchanges.ts';
import { createMatch, listMatches, matchHeader } from '../server/matches/matches.ts';
import { nearbyHolders } from '../server/matches/nearby-holders.ts';
import { searchMatches } from '../server/matches/potential-matches.ts';
import {
  candidateExchangesInput,
  candidateExchangesOutput,
  createMatchInput,
  createMatchOutput,
  matchesOutput,
  matchHeaderOutput,
  matchInput,
  potentialMatchesInput,
  potentialMatchesOutput,
} from './schemas/matches.ts';
import { nearbyHoldersInput, nearbyHoldersOutput } from './schemas/matches-holders.ts';
import { authedProcedure, router } from './trpc.ts';

export const matchesRouter = router({
  potential: authedProcedure
    .input(potentialMatchesInput)
    .output(potentialMatchesOutput)
    .query(({ ctx, input }) => searchMatches(ctx.em, ctx.auth.user, input ?? {}, ctx.services.matchIndex)),

  /** A candidate's card opened: the full lists of what we could swap, with the stickers' names. */
  exchanges: authedProcedure
    .input(candidateExchangesInput)
    .output(candidateExchangesOutput)
    .query(({ ctx, input }) => candidateExchanges(ctx.em, ctx.auth.user, input)),

  /** 'Le mie ultime': who near me has each sticker I still miss in an album. */
  nearbyHolders: authedProcedure
    .input(nearbyHoldersInput)
    .output(nearbyHoldersOutput)
    .query(({ ctx, input }) => nearbyHolders(ctx.em, ctx.auth.user, input)),

  list: authedProcedure.output(matchesOutput).query(({ ctx }) => listMatches(ctx.em, ctx.auth.user.id)),

  create: authedProcedure
    .input(createMatchInput)
    .output(createMatchOutput)
    .mutation(({ ctx, input }) => createMatch(ctx.em, ctx.auth.user, input.user2Id)),

  /** The chat header: the other participant, and whether they are online now. */
  get: authedProcedure
    .input(matchInput)
    .output(matchHeaderOutput)
    .query(({ ctx, input }) => matchHeader(ctx.em, input.matchId, ctx.auth.user.id)),
});
