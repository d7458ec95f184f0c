import { sealSessionCookie } from '../server/auth/session-cookie.ts';
import { addChild, childrenOf, deleteChild } from '../server/family/children.ts';
import { switchProfile } from '../server/family/profile-switch.ts';
import { cancelOpenSwapsOf } from '../server/swaps/swap-cancellation.ts';
import { toMe } from '../server/users/public-user.ts';
import {
  addChildInput,
  childIdInput,
  childOutput,
  childrenOutput,
  switchProfileInput,
} from './schemas/family.ts';
import { okOutput } from './schemas/ok-output.ts';
import { meOutput } from './schemas/users.ts';
import { authedProcedure, ownProfileProcedure, router } from './trpc.ts';

/** Profili famiglia (issue 45, row 2): a parent's child profiles, and acting as one of them. */
export const familyRouter = router({
  children: ownProfileProcedure
    .output(childrenOutput)
    .query(({ ctx }) => childrenOf(ctx.em, ctx.auth.user.id)),

  addChild: ownProfileProcedure
    .input(addChildInput)
    .output(childOutput)
    .mutation(({ ctx, input }) => addChild(ctx.em, ctx.auth.user, input)),

  deleteChild: ownProfileProcedure
    .input(childIdInput)
    .output(okOutput)
    .mutation(async ({ ctx, input }) => {
      await deleteChild(ctx.em, ctx.auth.user.id, input.id, cancelOpenSwapsOf);
      return { ok: true } as const;
    }),

  /**
   * 'Usa questo profilo': from now on this session, on this device, is the chosen profile's; the cookie
   * is sealed for it (the sticker tap reads who it is from the cookie).
   */
  switchProfile: authedProcedure
    .input(switchProfileInput)
    .output(meOutput)
    .mutation(async ({ ctx, input }) => {
      const { user, parent } = await switchProfile(ctx.em, ctx.auth, input.profileId);
      ctx.cookie.set(await sealSessionCookie(ctx.services.sessionSecret, ctx.auth.sessionId, user.id));
      return toMe(user, parent);
    }),
});
