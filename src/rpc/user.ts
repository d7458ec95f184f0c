import { changePassword, updateProfile } from '../server/accounts/profile.ts';
import { toMe } from '../server/accounts/public-user.ts';
import { sealSessionCookie } from '../server/http/session-cookie.ts';
import { changePasswordInput, profileInput, radiusInput } from './schemas/account.ts';
import { authedProcedure, router } from './trpc.ts';

export const userRouter = router({
  updateProfile: authedProcedure.input(profileInput).mutation(async ({ ctx, input }) => {
    return toMe(await updateProfile(ctx.em, ctx.auth.user, input));
  }),

  /** The Match screen's slider: remembered as the collector's radius. */
  setRadius: authedProcedure.input(radiusInput).mutation(async ({ ctx, input }) => {
    ctx.auth.user.raggioKm = input.raggioKm;
    await ctx.em.flush();
    return toMe(ctx.auth.user);
  }),

  changePassword: authedProcedure.input(changePasswordInput).mutation(async ({ ctx, input }) => {
    const userId = ctx.auth.user.id;
    const session = await changePassword(ctx.em, ctx.services.loginThrottle, userId, input);
    ctx.cookie.set(await sealSessionCookie(ctx.services.sessionSecret, session.id, userId));
    return { ok: true };
  }),
});
