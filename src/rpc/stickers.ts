import { albumStickers } from '../server/stickers/album-stickers.ts';
import {
  classifyStickers,
  clearStickers,
  deleteSticker,
  importStickers,
  updateSticker,
} from '../server/stickers/sticker-admin.ts';
import { reorderStickers } from '../server/stickers/sticker-order.ts';
import { albumInput } from './schemas/albums.ts';
import { okOutput } from './schemas/ok-output.ts';
import {
  albumStickersRefInput,
  classifyStickersInput,
  classifyStickersOutput,
  clearStickersOutput,
  importStickersInput,
  importStickersOutput,
  reorderStickersInput,
  stickerOutput,
  stickerRefInput,
  stickersOutput,
  updateStickerInput,
} from './schemas/stickers.ts';
import { adminProcedure, authedProcedure, router } from './trpc.ts';

export const stickersRouter = router({
  /** The stickers of an album, in the printed album's order. */
  list: authedProcedure
    .input(albumInput)
    .output(stickersOutput)
    .query(({ ctx, input }) => albumStickers(ctx.em, input.albumId)),

  // The admin's sticker management ('Gestisci Figurine').

  import: adminProcedure
    .input(importStickersInput)
    .output(importStickersOutput)
    .mutation(({ ctx, input }) => importStickers(ctx.em, input.albumId, input.stickers)),

  update: adminProcedure
    .input(updateStickerInput)
    .output(stickerOutput)
    .mutation(({ ctx, input }) => updateSticker(ctx.em, input)),

  /** 'Tipo' and 'Sezione' for the admin's selection of stickers of one album, all or none. */
  classify: adminProcedure
    .input(classifyStickersInput)
    .output(classifyStickersOutput)
    .mutation(({ ctx, input }) => classifyStickers(ctx.em, input)),

  delete: adminProcedure
    .input(stickerRefInput)
    .output(okOutput)
    .mutation(({ ctx, input }) => deleteSticker(ctx.em, input.albumId, input.stickerId)),

  reorder: adminProcedure
    .input(reorderStickersInput)
    .output(okOutput)
    .mutation(({ ctx, input }) =>
      reorderStickers(
        ctx.em,
        input.albumId,
        input.stickers.map((sticker) => sticker.id),
      ),
    ),

  clear: adminProcedure
    .input(albumStickersRefInput)
    .output(clearStickersOutput)
    .mutation(({ ctx, input }) => clearStickers(ctx.em, input.albumId)),
});
