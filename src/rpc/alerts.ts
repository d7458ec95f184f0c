import {
  readAlertSettings,
  readQuietHours,
  stopAlertEmails,
  writeAlertSettings,
} from '../server/alerts/alert-settings.ts';
import { scheduleDigest, unscheduleDigest } from '../server/alerts/digest.ts';
import {
  countPushDevices,
  removePushSubscription,
  savePushSubscription,
} from '../server/alerts/push-subscriptions.ts';
import { readUnsubscribeToken } from '../server/alerts/unsubscribe-token.ts';
import { DomainError } from '../server/domain-error.ts';
import {
  alertSettingsOutput,
  emailUnsubscribeInput,
  emailUnsubscribeOutput,
  INVALID_UNSUBSCRIBE_MESSAGE,
  pushPublicKeyOutput,
  pushSubscriptionInput,
  pushUnsubscribeInput,
  setAlertSettingsInput,
} from './schemas/alerts.ts';
import { okOutput } from './schemas/ok-output.ts';
import { ownProfileProcedure, publicProcedure, router } from './trpc.ts';

export const alertsRouter = router({
  /** The server's VAPID public key: a browser subscribes with it (`applicationServerKey`). */
  publicKey: publicProcedure
    .output(pushPublicKeyOutput)
    .query(({ ctx }) => ({ publicKey: ctx.services.vapid.publicKey })),

  /** This device's push subscription (again on every open: browsers renew them). */
  subscribe: ownProfileProcedure
    .input(pushSubscriptionInput)
    .output(okOutput)
    .mutation(async ({ ctx, input }) => {
      const auth = { userId: ctx.auth.user.id, sessionId: ctx.auth.sessionId };
      await savePushSubscription(ctx.em, auth, input, ctx.services.env.PUSH_ENDPOINT_HOSTS);
      return { ok: true } as const;
    }),

  unsubscribe: ownProfileProcedure
    .input(pushUnsubscribeInput)
    .output(okOutput)
    .mutation(async ({ ctx, input }) => {
      await removePushSubscription(ctx.em, ctx.auth.user.id, input.endpoint);
      return { ok: true } as const;
    }),

  /** Profilo → 'Notifiche'. */
  settings: ownProfileProcedure.output(alertSettingsOutput).query(async ({ ctx }) => {
    const user = ctx.auth.user;
    return {
      settings: await readAlertSettings(ctx.em, user.id),
      quietHours: await readQuietHours(ctx.em, user.id),
      emailVerified: Boolean(user.email && user.emailVerifiedAt),
      pushDevices: await countPushDevices(ctx.em, user.id),
    };
  }),

  /**
   * Changes some kinds' channels and the quiet hours; turning 'Vicino a te' on starts its daily check,
   * off stops it.
   */
  setSettings: ownProfileProcedure
    .input(setAlertSettingsInput)
    .output(alertSettingsOutput)
    .mutation(async ({ ctx, input }) => {
      const user = ctx.auth.user;
      await ctx.em.transactional(async (tx) => {
        const before = (await readAlertSettings(tx, user.id)).digest;
        await writeAlertSettings(tx, user.id, input);
        const after = (await readAlertSettings(tx, user.id)).digest;
        const wasOn = before.push || before.email;
        const isOn = after.push || after.email;
        if (isOn && !wasOn) await scheduleDigest(tx, user.id);
        if (wasOn && !isOn) await unscheduleDigest(tx, user.id);
      });
      return {
        settings: await readAlertSettings(ctx.em, user.id),
        quietHours: await readQuietHours(ctx.em, user.id),
        emailVerified: Boolean(user.email && user.emailVerifiedAt),
        pushDevices: await countPushDevices(ctx.em, user.id),
      };
    }),

  /** An e-mail's one-click unsubscribe: the link is the authority, no login needed. */
  unsubscribeEmail: publicProcedure
    .input(emailUnsubscribeInput)
    .output(emailUnsubscribeOutput)
    .mutation(async ({ ctx, input }) => {
      const named = readUnsubscribeToken(ctx.services.sessionSecret, input.token);
      if (!named) throw new DomainError('BAD_REQUEST', INVALID_UNSUBSCRIBE_MESSAGE);
      await stopAlertEmails(ctx.em, named.userId, named.kind);
      return { kind: named.kind };
    }),
});
