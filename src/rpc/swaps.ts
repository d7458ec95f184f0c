import type { EntityManager } from '@mikro-orm/postgresql';
import { limitInPersonRecords, recordInPersonSwap } from '../server/swaps/in-person-record.ts';
import { rateSwap, reputation } from '../server/swaps/reputation.ts';
import { acceptSwap, cancelSwap, confirmSwap, declineSwap } from '../server/swaps/swap-lifecycle.ts';
import { swapOptions } from '../server/swaps/swap-options.ts';
import { swapPromises } from '../server/swaps/swap-promises.ts';
import { proposeSwap } from '../server/swaps/swap-proposal.ts';
import { listSwaps, readSwap, swapsWaiting } from '../server/swaps/swap-view.ts';
import {
  cancelSwapInput,
  listSwapsInput,
  proposeSwapInput,
  rateSwapInput,
  reputationInput,
  reputationOutput,
  type SwapView,
  swapInput,
  swapOptionsInput,
  swapOptionsOutput,
  swapOutput,
  swapPromisesInput,
  swapPromisesOutput,
  swapsOutput,
  swapsWaitingOutput,
} from './schemas/swaps.ts';
import { recordInPersonInput, recordInPersonOutput } from './schemas/swaps-in-person.ts';
import { authedProcedure, router } from './trpc.ts';

/** One step of a swap's lifecycle, taken by me on the swap `id`: the swap as it is afterwards. */
const transition = (step: (em: EntityManager, swapId: number, meId: number) => Promise<SwapView>) =>
  authedProcedure
    .input(swapInput)
    .output(swapOutput)
    .mutation(({ ctx, input }) => step(ctx.em, input.id, ctx.auth.user.id));

/** Swaps between two collectors (docs/decisions/015): participants only, anyone else gets 404. */
export const swapsRouter = router({
  propose: authedProcedure
    .input(proposeSwapInput)
    .output(swapOutput)
    .mutation(({ ctx, input }) => proposeSwap(ctx.em, ctx.auth.user.id, input)),

  list: authedProcedure
    .input(listSwapsInput)
    .output(swapsOutput)
    .query(({ ctx, input }) => listSwaps(ctx.em, ctx.auth.user.id, input ?? {})),

  get: authedProcedure
    .input(swapInput)
    .output(swapOutput)
    .query(({ ctx, input }) => readSwap(ctx.em, input.id, ctx.auth.user.id)),

  accept: transition(acceptSwap),
  decline: transition(declineSwap),
  cancel: authedProcedure
    .input(cancelSwapInput)
    .output(swapOutput)
    .mutation(({ ctx, input }) => cancelSwap(ctx.em, input.id, ctx.auth.user.id, input.reason)),
  confirm: transition(confirmSwap),

  /** 'Scambio dal vivo': one phone's record of a swap made at a table (docs/decisions/035). */
  recordInPerson: authedProcedure
    .input(recordInPersonInput)
    .output(recordInPersonOutput)
    .mutation(async ({ ctx, input }) => {
      await limitInPersonRecords(ctx.services.rateLimits.inPersonRecords, ctx.auth.user.id);
      return recordInPersonSwap(ctx.em, ctx.auth.user.id, input);
    }),

  rate: authedProcedure
    .input(rateSwapInput)
    .output(swapOutput)
    .mutation(({ ctx, input }) => rateSwap(ctx.em, input.id, ctx.auth.user.id, input)),

  /** The chooser: what I could give and receive with this collector now. */
  options: authedProcedure
    .input(swapOptionsInput)
    .output(swapOptionsOutput)
    .query(({ ctx, input }) => swapOptions(ctx.em, ctx.auth.user.id, input)),

  /** The album's marks: which of my doubles accepted swaps have promised, and to whom. */
  promises: authedProcedure
    .input(swapPromisesInput)
    .output(swapPromisesOutput)
    .query(({ ctx, input }) => swapPromises(ctx.em, ctx.auth.user.id, input.albumId)),

  /** For the tab bar's badge: swaps waiting for my answer or my confirmation. */
  waiting: authedProcedure
    .output(swapsWaitingOutput)
    .query(({ ctx }) => swapsWaiting(ctx.em, ctx.auth.user.id)),

  reputation: authedProcedure
    .input(reputationInput)
    .output(reputationOutput)
    .query(({ ctx, input }) => reputation(ctx.em, ctx.auth.user, input.userId)),
});
