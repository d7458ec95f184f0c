import { authRouter } from './auth.ts';
import { createCallerFactory, router } from './trpc.ts';
import { userRouter } from './user.ts';

export const appRouter = router({
  auth: authRouter,
  user: userRouter,
});

export type AppRouter = typeof appRouter;

export const createCaller = createCallerFactory(appRouter);
