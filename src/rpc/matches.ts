import { TRPCError } from '@trpc/server';
import { findAlbumOrFail } from '../server/albums/albums.ts';
import { presenceOf } from '../server/chat/presence.ts';
import { createMatch, findMyMatch, listMatches } from '../server/matches/matches.ts';
import { findPotentialMatches } from '../server/matches/potential-matches.ts';
import { createMatchInput, matchInput, potentialMatchesInput } from './schemas/matches.ts';
import { authedProcedure, router } from './trpc.ts';

export const NO_ALBUM_SELECTED_MESSAGE = 'Seleziona un album attivo per trovare match';

export const matchesRouter = router({
  potential: authedProcedure.input(potentialMatchesInput).query(async ({ ctx, input }) => {
    const me = ctx.auth.user;
    const albumId = input?.albumId ?? me.albumSelezionato;
    if (!albumId) throw new TRPCError({ code: 'BAD_REQUEST', message: NO_ALBUM_SELECTED_MESSAGE });
    await findAlbumOrFail(ctx.em, albumId);
    return findPotentialMatches(ctx.em, me, albumId, input?.radiusKm ?? me.raggioKm);
  }),

  list: authedProcedure.query(({ ctx }) => listMatches(ctx.em, ctx.auth.user.id)),

  create: authedProcedure
    .input(createMatchInput)
    .mutation(({ ctx, input }) => createMatch(ctx.em, ctx.auth.user.id, input.user2Id)),

  /** The chat header: the other participant, and whether they are online now. */
  get: authedProcedure.input(matchInput).query(async ({ ctx, input }) => {
    const { match, other } = await findMyMatch(ctx.em, input.matchId, ctx.auth.user.id);
    return {
      id: match.id,
      user2: { id: other.id, nickname: other.nickname, cap: other.cap, ...presenceOf(other.lastSeenAt) },
    };
  }),
});
