import { initTRPC, TRPCError } from '@trpc/server';
import type { Context } from './context.ts';
import { userMessage } from './user-message.ts';

export const NOT_LOGGED_IN_MESSAGE = "Devi effettuare l'accesso";

const t = initTRPC.context<Context>().create({
  // Chat streams (SSE): a ping keeps proxies from closing an idle stream; the client reconnects when
  // pings stop.
  sse: { ping: { enabled: true, intervalMs: 15_000 }, client: { reconnectAfterInactivityMs: 40_000 } },
  errorFormatter: ({ shape, error }) => ({
    ...shape,
    message: userMessage(error),
    data: { code: shape.data.code, httpStatus: shape.data.httpStatus, path: shape.data.path },
  }),
});

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;

export const publicProcedure = t.procedure;

export const authedProcedure = t.procedure.use(({ ctx, next }) => {
  if (!ctx.auth) throw new TRPCError({ code: 'UNAUTHORIZED', message: NOT_LOGGED_IN_MESSAGE });
  return next({ ctx: { ...ctx, auth: ctx.auth } });
});

export const adminProcedure = authedProcedure.use(({ ctx, next }) => {
  if (!ctx.auth.user.isAdmin) {
    throw new TRPCError({ code: 'FORBIDDEN', message: 'Operazione riservata agli amministratori' });
  }
  return next();
});
