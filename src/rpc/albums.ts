import { createAlbum, deleteAlbum, reorderAlbums, updateAlbum } from '../server/albums/album-admin.ts';
import { listAlbums } from '../server/albums/albums.ts';
import {
  albumOutput,
  albumRefInput,
  albumsOutput,
  createAlbumInput,
  reorderAlbumsInput,
  updateAlbumInput,
  updatedAlbumOutput,
} from './schemas/albums.ts';
import { okOutput } from './schemas/ok-output.ts';
import { adminProcedure, authedProcedure, router } from './trpc.ts';

export const albumsRouter = router({
  list: authedProcedure.output(albumsOutput).query(({ ctx }) => listAlbums(ctx.em)),

  create: adminProcedure
    .input(createAlbumInput)
    .output(albumOutput)
    .mutation(({ ctx, input }) => createAlbum(ctx.em, input)),

  /** 'Modifica Album': its name, and its order limit and price per sticker (issue 49). */
  update: adminProcedure
    .input(updateAlbumInput)
    .output(updatedAlbumOutput)
    .mutation(({ ctx, input }) => updateAlbum(ctx.em, input)),

  delete: adminProcedure
    .input(albumRefInput)
    .output(okOutput)
    .mutation(({ ctx, input }) => deleteAlbum(ctx.em, input.id)),

  reorder: adminProcedure
    .input(reorderAlbumsInput)
    .output(okOutput)
    .mutation(({ ctx, input }) =>
      reorderAlbums(
        ctx.em,
        input.albums.map((album) => album.id),
      ),
    ),
});
