import { adminRouter } from './admin.ts';
import { albumsRouter } from './albums.ts';
import { authRouter } from './auth.ts';
import { chatRouter } from './chat.ts';
import { collectionRouter } from './collection.ts';
import { matchesRouter } from './matches.ts';
import { reportsRouter } from './reports.ts';
import { stickersRouter } from './stickers.ts';
import { createCallerFactory, router } from './trpc.ts';
import { userRouter } from './user.ts';

export const appRouter = router({
  auth: authRouter,
  albums: albumsRouter,
  collection: collectionRouter,
  stickers: stickersRouter,
  matches: matchesRouter,
  chat: chatRouter,
  reports: reportsRouter,
  admin: adminRouter,
  user: userRouter,
});

export type AppRouter = typeof appRouter;

export const createCaller = createCallerFactory(appRouter);
