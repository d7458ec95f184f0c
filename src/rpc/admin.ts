import { TRPCError } from '@trpc/server';
import { listUsers, setPremium, setUserActive, userCounts } from '../server/accounts/user-admin.ts';
import { dashboardStats } from '../server/admin/dashboard-stats.ts';
import { reorderAlbums } from '../server/catalogue/album-admin.ts';
import { runMaintenance } from '../server/settings/maintenance.ts';
import { readSettings, saveSettings } from '../server/settings/settings-store.ts';
import {
  reorderAlbumsInput,
  setPremiumInput,
  settingsInput,
  toggleUserStatusInput,
  usersQueryInput,
} from './schemas/admin.ts';
import { adminProcedure, router } from './trpc.ts';

export const MAINTENANCE_DISABLED_MESSAGE =
  'La manutenzione è disabilitata: cambia la modalità per eseguirla';

export const adminRouter = router({
  stats: adminProcedure.query(({ ctx }) => dashboardStats(ctx.em)),

  users: adminProcedure
    .input(usersQueryInput)
    .query(({ ctx, input }) => listUsers(ctx.em, { search: input?.search, limit: input?.limit ?? 200 })),

  userCounts: adminProcedure.query(({ ctx }) => userCounts(ctx.em)),

  toggleUserStatus: adminProcedure
    .input(toggleUserStatusInput)
    .mutation(({ ctx, input }) => setUserActive(ctx.em, ctx.auth.user.id, input.id, input.is_active)),

  setPremium: adminProcedure
    .input(setPremiumInput)
    .mutation(({ ctx, input }) => setPremium(ctx.em, input.id, input.isPremium)),

  reorderAlbums: adminProcedure.input(reorderAlbumsInput).mutation(({ ctx, input }) =>
    reorderAlbums(
      ctx.em,
      input.albums.map((album) => album.id),
    ),
  ),

  settings: adminProcedure.query(async ({ ctx }) => ({
    ...(await readSettings(ctx.em)),
    effectiveLogLevel: ctx.services.log.level,
  })),

  saveSettings: adminProcedure.input(settingsInput).mutation(async ({ ctx, input }) => {
    const saved = await saveSettings(ctx.em, input);
    // This instance at once; the others at their next scheduler tick (within a minute).
    // LOG_LEVEL, when set, wins over the setting.
    if (!ctx.services.env.LOG_LEVEL) ctx.services.log.level = saved.logLevel;
    return { ...saved, effectiveLogLevel: ctx.services.log.level };
  }),

  runMaintenance: adminProcedure.mutation(async ({ ctx }) => {
    const settings = await readSettings(ctx.em);
    if (settings.maintenanceMode === 'disabilitato') {
      throw new TRPCError({ code: 'CONFLICT', message: MAINTENANCE_DISABLED_MESSAGE });
    }
    return runMaintenance(ctx.em);
  }),
});
