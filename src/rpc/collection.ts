import { collectionSummary } from '../server/collection/collection-summary.ts';
import { inRegaloOf, setInRegalo } from '../server/collection/in-regalo.ts';
import { orderList } from '../server/collection/order-list.ts';
import { setStatusInBulk, setStickerStatus, userStickers } from '../server/collection/user-stickers.ts';
import { completedSwapsInAlbum } from '../server/swaps/completed-in-album.ts';
import { albumInput } from './schemas/albums.ts';
import {
  bulkStatusInput,
  bulkStatusOutput,
  collectionSummaryOutput,
  completedSwapsOutput,
  inRegaloOutput,
  orderListOutput,
  setInRegaloInput,
  setStickerStatusInput,
  userStickerOutput,
  userStickersOutput,
} from './schemas/collection.ts';
import { authedProcedure, notLoggedIn, router, sessionProcedure } from './trpc.ts';

export const collectionRouter = router({
  /** My statuses in an album. */
  list: authedProcedure
    .input(albumInput)
    .output(userStickersOutput)
    .query(({ ctx, input }) => userStickers(ctx.em, ctx.auth.user.id, input.albumId)),

  /**
   * One tap; with `tappedAt`, the latest tap wins (decision 013) and the answer is the status now. The
   * session is checked in the tap's own statement (decision 017).
   */
  setStatus: sessionProcedure
    .input(setStickerStatusInput)
    .output(userStickerOutput)
    .mutation(
      async ({ ctx, input }) =>
        (await setStickerStatus(
          () => ctx.em,
          ctx.services.tapBatches,
          ctx.session ?? notLoggedIn(),
          input,
        )) ?? notLoggedIn(),
    ),

  setStatusInBulk: authedProcedure
    .input(bulkStatusInput)
    .output(bulkStatusOutput)
    .mutation(({ ctx, input }) => setStatusInBulk(ctx.em, ctx.auth.user.id, input)),

  summary: authedProcedure
    .output(collectionSummaryOutput)
    .query(({ ctx }) => collectionSummary(ctx.em, ctx.auth.user.id)),

  /** 'Ordina le ultime': what I miss of an album to order, within the album's limit (issue 49). */
  orderList: authedProcedure
    .input(albumInput)
    .output(orderListOutput)
    .query(({ ctx, input }) => orderList(ctx.em, ctx.auth.user.id, input.albumId)),

  /** 'Album completato': how many swaps I completed in the album, for its shareable image (issue 49). */
  completedSwaps: authedProcedure
    .input(albumInput)
    .output(completedSwapsOutput)
    .query(({ ctx, input }) => completedSwapsInAlbum(ctx.em, ctx.auth.user.id, input.albumId)),

  /** 'In regalo': whether my doubles of an album are given away (issue 49, row 5). */
  inRegalo: authedProcedure
    .input(albumInput)
    .output(inRegaloOutput)
    .query(({ ctx, input }) => inRegaloOf(ctx.em, ctx.auth.user.id, input.albumId)),

  /** Puts my doubles of a completed album in regalo, or takes them out of it. */
  setInRegalo: authedProcedure
    .input(setInRegaloInput)
    .output(inRegaloOutput)
    .mutation(({ ctx, input }) => setInRegalo(ctx.em, ctx.auth.user.id, input)),
});
