import { authenticate } from '../server/accounts/login.ts';
import { toMe } from '../server/accounts/public-user.ts';
import { registerUser } from '../server/accounts/register.ts';
import { endSession, startSession } from '../server/accounts/sessions.ts';
import type { User } from '../server/db/entities/user.ts';
import { sealSessionCookie } from '../server/http/session-cookie.ts';
import type { Context } from './context.ts';
import { loginInput, registerInput } from './schemas/account.ts';
import { authedProcedure, publicProcedure, router } from './trpc.ts';

async function logIn(ctx: Context, user: User) {
  const session = await startSession(ctx.em, user);
  ctx.cookie.set(await sealSessionCookie(ctx.services.sessionSecret, session.id, user.id));
  return toMe(user);
}

export const authRouter = router({
  me: authedProcedure.query(({ ctx }) => toMe(ctx.auth.user)),

  register: publicProcedure.input(registerInput).mutation(async ({ ctx, input }) => {
    const user = await registerUser(ctx.em, input);
    return logIn(ctx, user);
  }),

  login: publicProcedure.input(loginInput).mutation(async ({ ctx, input }) => {
    const user = await authenticate(ctx.em, ctx.services.loginThrottle, input, ctx.ip);
    return logIn(ctx, user);
  }),

  logout: publicProcedure.mutation(async ({ ctx }) => {
    if (ctx.auth) await endSession(ctx.em, ctx.auth.sessionId);
    ctx.cookie.clear();
    return { ok: true };
  }),
});
