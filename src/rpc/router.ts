import { adminRouter } from './admin.ts';
import { albumsRouter } from './albums.ts';
import { alertsRouter } from './alerts.ts';
import { authRouter } from './auth.ts';
import { blocksRouter } from './blocks.ts';
import { chatRouter } from './chat.ts';
import { collectionRouter } from './collection.ts';
import { familyRouter } from './family.ts';
import { matchesRouter } from './matches.ts';
import { moderationRouter } from './moderation.ts';
import { raduniRouter } from './raduni.ts';
import { reportsRouter } from './reports.ts';
import { settingsRouter } from './settings.ts';
import { stickersRouter } from './stickers.ts';
import { swapPointsRouter } from './swap-points.ts';
import { swapsRouter } from './swaps.ts';
import { createCallerFactory, router } from './trpc.ts';
import { usersRouter } from './users.ts';

export const appRouter = router({
  auth: authRouter,
  users: usersRouter,
  family: familyRouter,
  albums: albumsRouter,
  stickers: stickersRouter,
  collection: collectionRouter,
  matches: matchesRouter,
  chat: chatRouter,
  swaps: swapsRouter,
  swapPoints: swapPointsRouter,
  raduni: raduniRouter,
  blocks: blocksRouter,
  reports: reportsRouter,
  moderation: moderationRouter,
  admin: adminRouter,
  settings: settingsRouter,
  alerts: alertsRouter,
});

export type AppRouter = typeof appRouter;

export const createCaller = createCallerFactory(appRouter);
