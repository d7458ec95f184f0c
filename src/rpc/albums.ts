import { createAlbum, deleteAlbum, renameAlbum, reorderAlbums } from '../server/albums/album-admin.ts';
import { listAlbums } from '../server/albums/albums.ts';
import { albumRefInput, createAlbumInput, renameAlbumInput, reorderAlbumsInput } from './schemas/albums.ts';
import { adminProcedure, authedProcedure, router } from './trpc.ts';

export const albumsRouter = router({
  list: authedProcedure.query(({ ctx }) => listAlbums(ctx.em)),

  create: adminProcedure.input(createAlbumInput).mutation(({ ctx, input }) => createAlbum(ctx.em, input)),

  rename: adminProcedure
    .input(renameAlbumInput)
    .mutation(({ ctx, input }) => renameAlbum(ctx.em, input.id, input.name)),

  delete: adminProcedure.input(albumRefInput).mutation(({ ctx, input }) => deleteAlbum(ctx.em, input.id)),

  reorder: adminProcedure.input(reorderAlbumsInput).mutation(({ ctx, input }) =>
    reorderAlbums(
      ctx.em,
      input.albums.map((album) => album.id),
    ),
  ),
});
