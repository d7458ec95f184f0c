import { markAgeBandSeen } from '../server/auth/age-band.ts';
import { DEVICE_COOKIE, DEVICE_COOKIE_TTL_SECONDS, sealDeviceCookie } from '../server/auth/device-cookie.ts';
import { authenticate } from '../server/auth/login.ts';
import { confirmPasswordReset } from '../server/auth/password-reset-confirm.ts';
import { requestPasswordReset } from '../server/auth/password-reset-request.ts';
import { registerUser } from '../server/auth/register.ts';
import { sealSessionCookie } from '../server/auth/session-cookie.ts';
import { endSession, endSessionByKey, sessionKeyOf, startSession } from '../server/auth/sessions.ts';
import type { User } from '../server/db/entities/user.ts';
import { DomainError } from '../server/domain-error.ts';
import { requireMail } from '../server/mail/mail-sender.ts';
import { TOO_MANY_MAILS_MESSAGE, verifyEmail } from '../server/users/email.ts';
import { toMe } from '../server/users/public-user.ts';
import type { Context } from './context.ts';
import { loginInput, logoutInput, registerInput, sessionOutput } from './schemas/auth.ts';
import { okOutput } from './schemas/ok-output.ts';
import { confirmPasswordResetInput } from './schemas/password-reset-confirm.ts';
import { meOutput } from './schemas/users.ts';
import { passwordResetRequestInput, verifyEmailInput } from './schemas/users-email.ts';
import { authedProcedure, publicProcedure, router } from './trpc.ts';

/** Starts a session and, with a fresh nonce each time, marks this browser as one that knows the password. */
async function logIn(ctx: Context, user: User) {
  const secret = ctx.services.sessionSecret;
  // An account from before the notice: the band it logs in with is the one it knows of.
  if (user.seenAgeBand == null) markAgeBandSeen(user);
  const session = await startSession(ctx.em, user, ctx.userAgent);
  ctx.cookie.set(await sealSessionCookie(secret, session.id, user.id));
  ctx.cookies.set(DEVICE_COOKIE, await sealDeviceCookie(secret, user.id), DEVICE_COOKIE_TTL_SECONDS);
  return toMe(user);
}

export const authRouter = router({
  me: authedProcedure.output(meOutput).query(({ ctx }) => toMe(ctx.auth.user, ctx.auth.parent)),

  /**
   * Who is here, for the client's guards: `null` for nobody, with a 200. A 401 for every stranger who
   * opens /login would fill the browser console with a failed request (and cost Lighthouse points).
   */
  session: publicProcedure
    .output(sessionOutput)
    .query(({ ctx }) =>
      ctx.auth
        ? { ...toMe(ctx.auth.user, ctx.auth.parent), sessionKey: sessionKeyOf(ctx.auth.sessionId) }
        : null,
    ),

  register: publicProcedure
    .input(registerInput)
    .output(meOutput)
    .mutation(async ({ ctx, input }) => {
      const user = await registerUser(
        ctx.em,
        ctx.services.rateLimits.registrations,
        ctx.ip,
        input,
        ctx.services.env.QUIET_HOURS_DEFAULT,
      );
      return logIn(ctx, user);
    }),

  login: publicProcedure
    .input(loginInput)
    .output(meOutput)
    .mutation(async ({ ctx, input }) => {
      const user = await authenticate(ctx.em, ctx.services.loginThrottle, input, {
        ip: ctx.ip,
        deviceCookie: ctx.cookies.get(DEVICE_COOKIE),
        secret: ctx.services.sessionSecret,
      });
      return logIn(ctx, user);
    }),

  /** A new password with a reset link's token or an admin's code: every session of the account ends. */
  confirmPasswordReset: publicProcedure
    .input(confirmPasswordResetInput)
    .output(okOutput)
    .mutation(async ({ ctx, input }) => {
      await confirmPasswordReset(ctx.em, ctx.services.rateLimits, ctx.ip, input);
      return { ok: true } as const;
    }),

  /** The link of a verification mail: confirms the address it was sent to (no session needed). */
  verifyEmail: publicProcedure
    .input(verifyEmailInput)
    .output(okOutput)
    .mutation(async ({ ctx, input }) => {
      await verifyEmail(ctx.em, input.token);
      return { ok: true } as const;
    }),

  /**
   * 'Password dimenticata?': the same answer whether or not the nickname or address is an account's; a
   * verified address receives a link. Limited per IP and per login as typed (429), per account silently.
   */
  requestPasswordReset: publicProcedure
    .input(passwordResetRequestInput)
    .output(okOutput)
    .mutation(async ({ ctx, input }) => {
      requireMail(ctx.services.env);
      const limits = ctx.services.rateLimits;
      const wait =
        (await limits.resetRequestsPerIp.take(ctx.ip)) ??
        (await limits.resetRequestsPerLogin.take(input.login.toLowerCase()));
      if (wait !== undefined) throw new DomainError('TOO_MANY_REQUESTS', TOO_MANY_MAILS_MESSAGE);
      await requestPasswordReset(ctx.em, input.login);
      return { ok: true } as const;
    }),

  /**
   * Ends the cookie's session, or the one a logout made offline names (decision 014): then the cookie is
   * cleared only if it is that session's (or dead), never a session opened since in this browser.
   */
  logout: publicProcedure
    .input(logoutInput)
    .output(okOutput)
    .mutation(async ({ ctx, input }) => {
      const named = input?.session;
      if (named) await endSessionByKey(ctx.em, named.userId, named.sessionKey);
      else if (ctx.auth) await endSession(ctx.em, ctx.auth.sessionId);
      if (!named || !ctx.auth || sessionKeyOf(ctx.auth.sessionId) === named.sessionKey) ctx.cookie.clear();
      return { ok: true } as const;
    }),
});
