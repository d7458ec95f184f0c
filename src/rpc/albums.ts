import { albumStickers, listAlbums } from '../server/catalogue/albums.ts';
import { albumInput } from './schemas/catalogue.ts';
import { authedProcedure, router } from './trpc.ts';

export const albumsRouter = router({
  list: authedProcedure.query(({ ctx }) => listAlbums(ctx.em)),

  stickers: authedProcedure.input(albumInput).query(({ ctx, input }) => albumStickers(ctx.em, input.albumId)),
});
