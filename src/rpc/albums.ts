import { createAlbum, deleteAlbum, renameAlbum, reorderAlbums } from '../server/albums/album-admin.ts';
import { listAlbums } from '../server/albums/albums.ts';
import {
  albumOutput,
  albumRefInput,
  albumsOutput,
  createAlbumInput,
  renameAlbumInput,
  renamedAlbumOutput,
  reorderAlbumsInput,
} from './schemas/albums.ts';
import { okOutput } from './schemas/ok-output.ts';
import { adminProcedure, authedProcedure, router } from './trpc.ts';

export const albumsRouter = router({
  list: authedProcedure.output(albumsOutput).query(({ ctx }) => listAlbums(ctx.em)),

  create: adminProcedure
    .input(createAlbumInput)
    .output(albumOutput)
    .mutation(({ ctx, input }) => createAlbum(ctx.em, input)),

  rename: adminProcedure
    .input(renameAlbumInput)
    .output(renamedAlbumOutput)
    .mutation(({ ctx, input }) => renameAlbum(ctx.em, input.id, input.name)),

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
