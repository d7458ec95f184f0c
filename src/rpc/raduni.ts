import { radunoSwaps } from '../server/raduni/after-raduno.ts';
import { mostWanted } from '../server/raduni/most-wanted.ts';
import { checkIn, participate } from '../server/raduni/participation.ts';
import { buildPool } from '../server/raduni/pool.ts';
import {
  announcePlaces,
  cancelRaduno,
  createRaduno,
  raduniNear,
  radunoFor,
  setOrganiser,
} from '../server/raduni/raduni.ts';
import { okOutput } from './schemas/ok-output.ts';
import {
  announcePlacesOutput,
  checkInInput,
  createRadunoInput,
  mostWantedOutput,
  organiserInput,
  participateInput,
  poolInput,
  poolOutput,
  radunoIdInput,
  radunoListInput,
  radunoListOutput,
  radunoSwapsOutput,
  radunoView,
} from './schemas/raduni.ts';
import { adminProcedure, authedProcedure, router } from './trpc.ts';

/** Raduni (issue 46): meets at a Punto Scambio, who goes, and each attendee's own pool. */
export const raduniRouter = router({
  near: authedProcedure
    .input(radunoListInput)
    .output(radunoListOutput)
    .query(({ ctx, input }) => raduniNear(ctx.em, ctx.auth.user, input?.radiusKm)),

  places: authedProcedure
    .output(announcePlacesOutput)
    .query(({ ctx }) => announcePlaces(ctx.em, ctx.auth.user)),

  get: authedProcedure
    .input(radunoIdInput)
    .output(radunoView)
    .query(({ ctx, input }) => radunoFor(ctx.em, ctx.auth.user, input.id)),

  create: authedProcedure
    .input(createRadunoInput)
    .output(radunoView)
    .mutation(({ ctx, input }) => createRaduno(ctx.em, ctx.auth.user, input)),

  cancel: authedProcedure
    .input(radunoIdInput)
    .output(radunoView)
    .mutation(({ ctx, input }) => cancelRaduno(ctx.em, ctx.auth.user, input.id)),

  participate: authedProcedure
    .input(participateInput)
    .output(radunoView)
    .mutation(({ ctx, input }) => participate(ctx.em, ctx.auth.user, input)),

  pool: authedProcedure
    .input(poolInput)
    .output(poolOutput)
    .query(({ ctx, input }) =>
      buildPool(ctx.em, ctx.services.sessionSecret, ctx.auth.user, input, ctx.auth.parent !== null),
    ),

  checkIn: authedProcedure
    .input(checkInInput)
    .output(radunoView)
    .mutation(({ ctx, input }) => checkIn(ctx.em, ctx.auth.user, input)),

  mostWanted: authedProcedure
    .input(poolInput)
    .output(mostWantedOutput)
    .query(({ ctx, input }) => mostWanted(ctx.em, ctx.auth.user, input)),

  swaps: authedProcedure
    .input(radunoIdInput)
    .output(radunoSwapsOutput)
    .query(({ ctx, input }) => radunoSwaps(ctx.em, ctx.auth.user, input.id)),

  addOrganiser: adminProcedure
    .input(organiserInput)
    .output(okOutput)
    .mutation(({ ctx, input }) => setOrganiser(ctx.em, input.id, input.userId, true)),

  removeOrganiser: adminProcedure
    .input(organiserInput)
    .output(okOutput)
    .mutation(({ ctx, input }) => setOrganiser(ctx.em, input.id, input.userId, false)),
});
