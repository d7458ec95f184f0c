import {
  clearStickers,
  deleteSticker,
  importStickers,
  updateSticker,
} from '../server/catalogue/sticker-admin.ts';
import {
  albumStickersRefInput,
  importStickersInput,
  stickerRefInput,
  updateStickerInput,
} from './schemas/admin.ts';
import { adminProcedure, router } from './trpc.ts';

/** The admin's sticker management ('Gestisci Figurine'); reading stickers is `albums.stickers`. */
export const stickersRouter = router({
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
