import { albumStickers } from '../server/stickers/album-stickers.ts';
import {
  clearStickers,
  deleteSticker,
  importStickers,
  updateSticker,
} from '../server/stickers/sticker-admin.ts';
import { albumInput } from './schemas/albums.ts';
import {
  albumStickersRefInput,
  importStickersInput,
  stickerRefInput,
  updateStickerInput,
} from './schemas/stickers.ts';
import { adminProcedure, authedProcedure, router } from './trpc.ts';

export const stickersRouter = router({
  /** The stickers of an album, in natural number order. */
  list: authedProcedure.input(albumInput).query(({ ctx, input }) => albumStickers(ctx.em, input.albumId)),

  // The admin's sticker management ('Gestisci Figurine').

  import: adminProcedure
    .input(importStickersInput)
    .mutation(({ ctx, input }) => importStickers(ctx.em, input.albumId, input.stickers)),

  update: adminProcedure.input(updateStickerInput).mutation(({ ctx, input }) => updateSticker(ctx.em, input)),

  delete: adminProcedure
    .input(stickerRefInput)
    .mutation(({ ctx, input }) => deleteSticker(ctx.em, input.albumId, input.stickerId)),

  clear: adminProcedure
    .input(albumStickersRefInput)
    .mutation(({ ctx, input }) => clearStickers(ctx.em, input.albumId)),
});
