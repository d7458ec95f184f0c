import { createAlbum, deleteAlbum, renameAlbum } from '../server/catalogue/album-admin.ts';
import { albumStickers, listAlbums } from '../server/catalogue/albums.ts';
import { albumRefInput, createAlbumInput, renameAlbumInput } from './schemas/admin.ts';
import { albumInput } from './schemas/catalogue.ts';
import { adminProcedure, authedProcedure, router } from './trpc.ts';

export const albumsRouter = router({
  list: authedProcedure.query(({ ctx }) => listAlbums(ctx.em)),

  stickers: authedProcedure.input(albumInput).query(({ ctx, input }) => albumStickers(ctx.em, input.albumId)),

  create: adminProcedure.input(createAlbumInput).mutation(({ ctx, input }) => createAlbum(ctx.em, input)),

  rename: adminProcedure
    .input(renameAlbumInput)
    .mutation(({ ctx, input }) => renameAlbum(ctx.em, input.id, input.name)),

  delete: adminProcedure.input(albumRefInput).mutation(({ ctx, input }) => deleteAlbum(ctx.em, input.id)),
});
