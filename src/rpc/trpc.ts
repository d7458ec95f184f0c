import { initTRPC, TRPCError } from '@trpc/server';
import { DomainError } from '../server/domain-error.ts';
import { callerErrorMessage, isUnknownProcedure } from './caller-error-message.ts';
import type { Auth, Context } from './context.ts';

export const NOT_LOGGED_IN_MESSAGE = "Devi effettuare l'accesso";
export const ADMIN_ONLY_MESSAGE = 'Operazione riservata agli amministratori';

/**
 * Who may call a procedure, set by the building blocks below: the HTTP layer reads it too, to check the
 * caller before it reads a large body (src/server/http/access-before-body.ts).
 */
export type Access = 'public' | 'session' | 'admin';

const t = initTRPC
  .context<Context>()
  .meta<{ access: Access }>()
  .create({
    defaultMeta: { access: 'public' },
    // Chat streams (SSE): a ping keeps proxies from closing an idle stream; the client reconnects when
    // pings stop.
    sse: { ping: { enabled: true, intervalMs: 15_000 }, client: { reconnectAfterInactivityMs: 40_000 } },
    errorFormatter: ({ shape, error }) => ({
      ...shape,
      message: callerErrorMessage(error),
      data: {
        code: shape.data.code,
        httpStatus: shape.data.httpStatus,
        ...(isUnknownProcedure(error) ? {} : { path: shape.data.path }),
      },
    }),
  });

/** A domain refusal becomes the tRPC error of the same code and message; anything else stays as it is. */
function toTRPCError(error: unknown) {
  if (!(error instanceof DomainError)) return error;
  const code = error.code === 'GONE' ? 'PRECONDITION_FAILED' : error.code;
  return new TRPCError({ code, message: error.message, cause: error });
}

/** The same for a subscription, whose refusals come while it is read. */
async function* mappingDomainErrors(stream: AsyncIterable<unknown>) {
  try {
    return yield* stream;
  } catch (error) {
    throw toTRPCError(error);
  }
}

const isAsyncIterable = (value: unknown): value is AsyncIterable<unknown> =>
  typeof value === 'object' && value !== null && Symbol.asyncIterator in value;

/**
 * The one place where domain errors (src/server/domain-error.ts) meet tRPC: REST answers come from the
 * same procedures, so both transports say the same.
 */
const domainErrors = t.middleware(async ({ next }) => {
  const result = await next();
  if (!result.ok) {
    const cause = result.error.cause;
    return cause instanceof DomainError ? { ...result, error: toTRPCError(cause) as TRPCError } : result;
  }
  return isAsyncIterable(result.data) ? { ...result, data: mappingDomainErrors(result.data) } : result;
});

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;

/** Every procedure knows who is calling: the live session, if any (`ctx.auth`), looked up first. */
export const publicProcedure = t.procedure
  .use(domainErrors)
  .use(async ({ ctx, next }) => next({ ctx: { auth: await ctx.loadAuth() } }));

export function notLoggedIn(): never {
  throw new TRPCError({ code: 'UNAUTHORIZED', message: NOT_LOGGED_IN_MESSAGE });
}

/** Refuses a caller whom `access` does not admit, as the procedures below do. */
export function checkAccess(access: Access, auth: Auth | null): void {
  if (access === 'public') return;
  if (!auth) notLoggedIn();
  if (access === 'admin' && !auth.user.isAdmin) {
    throw new TRPCError({ code: 'FORBIDDEN', message: ADMIN_ONLY_MESSAGE });
  }
}

export const authedProcedure = publicProcedure.meta({ access: 'session' }).use(({ ctx, next }) => {
  if (!ctx.auth) notLoggedIn();
  return next({ ctx: { ...ctx, auth: ctx.auth } });
});

export const OWN_PROFILE_ONLY_MESSAGE = 'Torna al tuo profilo per farlo';

/**
 * What only the adult behind a session does, never while acting as a child profile (issue 45, row 2): the
 * account's password, e-mail, devices, alerts, deletion and child profiles.
 */
export const ownProfileProcedure = authedProcedure.use(({ ctx, next }) => {
  if (ctx.auth.parent) throw new TRPCError({ code: 'FORBIDDEN', message: OWN_PROFILE_ONLY_MESSAGE });
  return next();
});

/**
 * For the sticker tap alone, the hottest call (docs/decisions/017): it needs a session cookie, but the
 * session is checked by the procedure's own statement, in the same round trip as the write, instead of a
 * lookup before it. Such a procedure must answer `notLoggedIn()` when its statement finds no live session.
 * It reads `ctx.session ?? notLoggedIn()`: the check here is the same, but tRPC cannot narrow the type.
 */
export const sessionProcedure = t.procedure
  .meta({ access: 'session' })
  .use(domainErrors)
  .use(({ ctx, next }) => {
    if (!ctx.session) notLoggedIn();
    // No new context: tRPC would copy the whole context for it, reading `em` and so forking it.
    return next();
  });

export const adminProcedure = authedProcedure.meta({ access: 'admin' }).use(({ ctx, next }) => {
  checkAccess('admin', ctx.auth);
  return next();
});
