import { blockUser, listBlocks, unblockUser } from '../server/blocks/blocks.ts';
import { cancelOpenSwapsBetween } from '../server/swaps/swap-cancellation.ts';
import { blockInput, blocksOutput } from './schemas/blocks.ts';
import { okOutput } from './schemas/ok-output.ts';
import { authedProcedure, router } from './trpc.ts';

export const blocksRouter = router({
  /** 'Blocca' in the chat's menu: we stop seeing, writing to and swapping with each other. */
  block: authedProcedure
    .input(blockInput)
    .output(okOutput)
    .mutation(({ ctx, input }) => blockUser(ctx.em, ctx.auth.user.id, input.userId, cancelOpenSwapsBetween)),

  unblock: authedProcedure
    .input(blockInput)
    .output(okOutput)
    .mutation(({ ctx, input }) => unblockUser(ctx.em, ctx.auth.user.id, input.userId)),

  list: authedProcedure.output(blocksOutput).query(({ ctx }) => listBlocks(ctx.em, ctx.auth.user.id)),
});
