import {
  adminSwapPoints,
  createSwapPoint,
  suggestSwapPoint,
  swapPointFor,
  swapPointsFor,
  updateSwapPoint,
} from '../server/swap-points/swap-points.ts';
import {
  adminSwapPointOutput,
  adminSwapPointsInput,
  adminSwapPointsOutput,
  createSwapPointInput,
  suggestSwapPointInput,
  swapPointIdInput,
  swapPointOutput,
  swapPointsNearInput,
  swapPointsOutput,
  updateSwapPointInput,
} from './schemas/swap-points.ts';
import { adminProcedure, authedProcedure, router } from './trpc.ts';

/** Punti Scambio (issue 45, row 9): the public places where collectors meet to swap. */
export const swapPointsRouter = router({
  /** The verified places near me (or near both of us, for a proposal), nearest first. */
  near: authedProcedure
    .input(swapPointsNearInput)
    .output(swapPointsOutput)
    .query(({ ctx, input }) => swapPointsFor(ctx.em, ctx.auth.user, input ?? {})),

  /** A place's page: where it is and when it is open. */
  get: authedProcedure
    .input(swapPointIdInput)
    .output(swapPointOutput)
    .query(({ ctx, input }) => swapPointFor(ctx.em, ctx.auth.user, input.id)),

  /** 'Suggerisci un Punto Scambio': a public place, checked by an admin before anyone meets there. */
  suggest: authedProcedure
    .input(suggestSwapPointInput)
    .output(swapPointOutput)
    .mutation(({ ctx, input }) => suggestSwapPoint(ctx.em, ctx.auth.user, input)),

  adminList: adminProcedure
    .input(adminSwapPointsInput)
    .output(adminSwapPointsOutput)
    .query(({ ctx, input }) => adminSwapPoints(ctx.em, input ?? {})),

  create: adminProcedure
    .input(createSwapPointInput)
    .output(adminSwapPointOutput)
    .mutation(({ ctx, input }) => createSwapPoint(ctx.em, input)),

  update: adminProcedure
    .input(updateSwapPointInput)
    .output(adminSwapPointOutput)
    .mutation(({ ctx, input }) => updateSwapPoint(ctx.em, input)),
});
