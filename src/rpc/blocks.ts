import { BLOCK_USER_NOT_FOUND_MESSAGE, blockUser, listBlocks, unblockUser } from '../server/blocks/blocks.ts';
import { refuseHiddenByAge } from '../server/matches/hidden-minors.ts';
import { cancelOpenSwapsBetween } from '../server/swaps/swap-cancellation.ts';
import { blockInput, blocksOutput } from './schemas/blocks.ts';
import { okOutput } from './schemas/ok-output.ts';
import { authedProcedure, router } from './trpc.ts';

export const blocksRouter = router({
  /** 'Blocca' in the chat's menu: we stop seeing, writing to and swapping with each other. */
  block: authedProcedure
    .input(blockInput)
    .output(okOutput)
    .mutation(async ({ ctx, input }) => {
      // A minor hidden from me by our ages is an unknown id here too (issue 45, row 3).
      await refuseHiddenByAge(ctx.em, ctx.auth.user, input.userId, BLOCK_USER_NOT_FOUND_MESSAGE);
      return blockUser(ctx.em, ctx.auth.user.id, input.userId, cancelOpenSwapsBetween);
    }),

  unblock: authedProcedure
    .input(blockInput)
    .output(okOutput)
    .mutation(({ ctx, input }) => unblockUser(ctx.em, ctx.auth.user.id, input.userId)),

  list: authedProcedure.output(blocksOutput).query(({ ctx }) => listBlocks(ctx.em, ctx.auth.user.id)),
});
