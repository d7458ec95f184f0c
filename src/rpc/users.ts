import { markAgeBandSeen } from '../server/auth/age-band.ts';
import { sealSessionCookie } from '../server/auth/session-cookie.ts';
import {
  endUserSessions,
  listUserSessions,
  SESSION_TTL_SECONDS,
  SESSIONS_KEPT,
} from '../server/auth/sessions.ts';
import { DomainError } from '../server/domain-error.ts';
import { comuneChoices } from '../server/geo/cap-location.ts';
import { RESOLVED_REPORTS_KEPT_DAYS } from '../server/settings/maintenance.ts';
import { readSettings } from '../server/settings/settings-store.ts';
import { cancelOpenSwapsOf } from '../server/swaps/swap-cancellation.ts';
import { ENDED_SWAPS_KEPT_DAYS } from '../server/swaps/swap-cleanup.ts';
import { deleteAccount } from '../server/users/account-deletion.ts';
import { setEmail } from '../server/users/email.ts';
import { changePassword, updateProfile } from '../server/users/profile.ts';
import { toMe } from '../server/users/public-user.ts';
import { issueResetCode } from '../server/users/reset-code.ts';
import {
  birthDateCorrections,
  correctBirthDate,
  liftMinorContactSuspension,
  listUsers,
  setPremium,
  setUserActive,
  userCounts,
} from '../server/users/user-admin.ts';
import { deleteAccountInput } from './schemas/account-deletion.ts';
import { okOutput } from './schemas/ok-output.ts';
import { issueResetCodeInput, resetCodeOutput } from './schemas/reset-code.ts';
import { acceptTermsInput, contactsOutput, OUTDATED_TERMS_MESSAGE, TERMS_VERSION } from './schemas/terms.ts';
import { privacyInfoOutput, userSessionsOutput } from './schemas/user-devices.ts';
import {
  adminUserIdInput,
  adminUserOutput,
  birthDateCorrectionsOutput,
  capComuniOutput,
  capInput,
  changePasswordInput,
  correctBirthDateInput,
  meOutput,
  mixKindsInput,
  presenceInput,
  profileInput,
  radiusInput,
  setPremiumInput,
  toggleUserStatusInput,
  userCountsOutput,
  userListOutput,
  usersQueryInput,
  visibleToAdultsInput,
} from './schemas/users.ts';
import { setEmailInput } from './schemas/users-email.ts';
import { adminProcedure, authedProcedure, ownProfileProcedure, publicProcedure, router } from './trpc.ts';

export const usersRouter = router({
  updateProfile: authedProcedure
    .input(profileInput)
    .output(meOutput)
    .mutation(async ({ ctx, input }) => {
      return toMe(await updateProfile(ctx.em, ctx.auth.user, input), ctx.auth.parent);
    }),

  /** The comuni a CAP's collector picks from (registration and profile): its own, or its area's. */
  capComuni: publicProcedure
    .input(capInput)
    .output(capComuniOutput)
    .query(({ input }) => {
      const { known, comuni } = comuneChoices(input.cap);
      return { known, comuni: comuni.map(({ code, nome, sigla }) => ({ code, nome, sigla })) };
    }),

  /** The Match screen's slider: remembered as the collector's radius. */
  setRadius: authedProcedure
    .input(radiusInput)
    .output(meOutput)
    .mutation(async ({ ctx, input }) => {
      ctx.auth.user.raggioKm = input.raggioKm;
      await ctx.em.flush();
      return toMe(ctx.auth.user, ctx.auth.parent);
    }),

  /** Match's switch 'Scambia anche speciali con normali': remembered for the next searches. */
  setMixKinds: authedProcedure
    .input(mixKindsInput)
    .output(meOutput)
    .mutation(async ({ ctx, input }) => {
      ctx.auth.user.mixSpecialKinds = input.mixSpecialKinds;
      await ctx.em.flush();
      return toMe(ctx.auth.user, ctx.auth.parent);
    }),

  /** Profilo's presence switch: off, nobody sees whether I am around. */
  setPresence: authedProcedure
    .input(presenceInput)
    .output(meOutput)
    .mutation(async ({ ctx, input }) => {
      ctx.auth.user.showPresence = input.showPresence;
      await ctx.em.flush();
      return toMe(ctx.auth.user, ctx.auth.parent);
    }),

  /** Profilo's 'Visibile ai maggiorenni per proporre scambi' (a 14-17 collector's; issue 45, row 3). */
  setVisibleToAdults: authedProcedure
    .input(visibleToAdultsInput)
    .output(meOutput)
    .mutation(async ({ ctx, input }) => {
      ctx.auth.user.visibleToAdults = input.visibleToAdults;
      await ctx.em.flush();
      return toMe(ctx.auth.user, ctx.auth.parent);
    }),

  /** 'Ho capito' under Home's notice of a band risen on a birthday (issue 45): told once. */
  ageBandSeen: authedProcedure.output(meOutput).mutation(async ({ ctx }) => {
    markAgeBandSeen(ctx.auth.user);
    await ctx.em.flush();
    return toMe(ctx.auth.user, ctx.auth.parent);
  }),

  /** Profilo → 'E-mail': sets it (unverified until the mailed link is opened), or removes it when empty. */
  setEmail: ownProfileProcedure
    .input(setEmailInput)
    .output(meOutput)
    .mutation(async ({ ctx, input }) => {
      const { env, rateLimits } = ctx.services;
      return toMe(
        await setEmail(ctx.em, ctx.auth.user, input.email, { env, limits: rateLimits, ip: ctx.ip }),
      );
    }),

  changePassword: ownProfileProcedure
    .input(changePasswordInput)
    .output(okOutput)
    .mutation(async ({ ctx, input }) => {
      const userId = ctx.auth.user.id;
      const session = await changePassword(ctx.em, ctx.services.loginThrottle, userId, input, ctx.userAgent);
      ctx.cookie.set(await sealSessionCookie(ctx.services.sessionSecret, session.id, userId));
      return { ok: true } as const;
    }),

  /** Profilo's 'Dispositivi': my live sessions, this one marked. */
  sessions: ownProfileProcedure.output(userSessionsOutput).query(async ({ ctx }) => ({
    sessions: await listUserSessions(ctx.em, ctx.auth.user.id, ctx.auth.sessionId),
  })),

  /** 'Esci da tutti gli altri dispositivi': every session of mine but this one ends. */
  logoutOtherSessions: ownProfileProcedure.output(okOutput).mutation(async ({ ctx }) => {
    await endUserSessions(ctx.em, ctx.auth.user.id, ctx.auth.sessionId);
    return { ok: true } as const;
  }),

  /** 'Ho letto' under the notice of changed Termini (issue 47, row 1): the version shown, if still in force. */
  acceptTerms: ownProfileProcedure
    .input(acceptTermsInput)
    .output(meOutput)
    .mutation(async ({ ctx, input }) => {
      if (input.version !== TERMS_VERSION) throw new DomainError('BAD_REQUEST', OUTDATED_TERMS_MESSAGE);
      ctx.auth.user.termsVersion = TERMS_VERSION;
      ctx.auth.user.termsAcceptedAt = new Date();
      await ctx.em.flush();
      return toMe(ctx.auth.user, ctx.auth.parent);
    }),

  /** /contatti and /termini: who runs the service and where to write, as the operator set them; for anyone. */
  contacts: publicProcedure.output(contactsOutput).query(({ ctx }) => {
    const { env } = ctx.services;
    return {
      operator: {
        name: env.OPERATOR_NAME ?? null,
        address: env.OPERATOR_ADDRESS ?? null,
        taxId: env.OPERATOR_TAX_ID ?? null,
      },
      users: env.USERS_CONTACT ?? null,
      authorities: env.AUTHORITIES_CONTACT ?? null,
      privacy: env.PRIVACY_CONTACT ?? null,
    };
  }),

  /** The /privacy page's operator contact (PRIVACY_CONTACT), for anyone. */
  privacyInfo: publicProcedure.output(privacyInfoOutput).query(async ({ ctx }) => {
    const { env, backups } = ctx.services;
    return {
      contact: env.PRIVACY_CONTACT ?? null,
      sessionDays: SESSION_TTL_SECONDS / 86_400,
      sessionsKept: SESSIONS_KEPT,
      resolvedReportsKeptDays: RESOLVED_REPORTS_KEPT_DAYS,
      endedSwapsKeptDays: ENDED_SWAPS_KEPT_DAYS,
      automaticCleanUp: (await readSettings(ctx.em)).maintenanceMode === 'automatico',
      backupDays: backups.kind === 'embedded' ? backups.retentionDays : null,
    };
  }),

  /** 'Elimina account': with the password; the collector is logged out (decision in issue 32's report). */
  deleteAccount: ownProfileProcedure
    .input(deleteAccountInput)
    .output(okOutput)
    .mutation(async ({ ctx, input }) => {
      const userId = ctx.auth.user.id;
      await deleteAccount(ctx.em, ctx.services.loginThrottle, userId, input, cancelOpenSwapsOf);
      ctx.cookie.clear();
      return { ok: true } as const;
    }),

  // The admin's user management ('Gestisci Utenti').

  list: adminProcedure
    .input(usersQueryInput)
    .output(userListOutput)
    .query(({ ctx, input }) => listUsers(ctx.em, { search: input?.search, limit: input?.limit ?? 200 })),

  counts: adminProcedure.output(userCountsOutput).query(({ ctx }) => userCounts(ctx.em)),

  toggleStatus: adminProcedure
    .input(toggleUserStatusInput)
    .output(adminUserOutput)
    .mutation(({ ctx, input }) =>
      setUserActive(ctx.em, ctx.auth.user.id, input.id, input.is_active, cancelOpenSwapsOf),
    ),

  /** After reviewing 'adulto_minore' reports: the adult they stopped may reach minors again. */
  liftMinorContactSuspension: adminProcedure
    .input(adminUserIdInput)
    .output(adminUserOutput)
    .mutation(({ ctx, input }) => liftMinorContactSuspension(ctx.em, input.id)),

  /** Only an admin corrects a birth date once given (issue 45), with the reason in the log. */
  correctBirthDate: adminProcedure
    .input(correctBirthDateInput)
    .output(adminUserOutput)
    .mutation(({ ctx, input }) => correctBirthDate(ctx.em, ctx.auth.user.id, input)),

  birthDateCorrections: adminProcedure
    .input(adminUserIdInput)
    .output(birthDateCorrectionsOutput)
    .query(({ ctx, input }) => birthDateCorrections(ctx.em, input.id)),

  setPremium: adminProcedure
    .input(setPremiumInput)
    .output(adminUserOutput)
    .mutation(({ ctx, input }) => setPremium(ctx.em, input.id, input.isPremium)),

  /** A one-time code (24 h) for a collector without a verified e-mail to set a new password with. */
  issueResetCode: adminProcedure
    .input(issueResetCodeInput)
    .output(resetCodeOutput)
    .mutation(({ ctx, input }) => issueResetCode(ctx.em, input.id)),
});
