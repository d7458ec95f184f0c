import { TRPCError } from '@trpc/server';
import { runMaintenance } from '../server/settings/maintenance.ts';
import { readSettings, saveSettings } from '../server/settings/settings-store.ts';
import { settingsInput } from './schemas/settings.ts';
import { adminProcedure, router } from './trpc.ts';

export const MAINTENANCE_DISABLED_MESSAGE =
  'La manutenzione è disabilitata: cambia la modalità per eseguirla';

export const settingsRouter = router({
  get: adminProcedure.query(async ({ ctx }) => ({
    ...(await readSettings(ctx.em)),
    effectiveLogLevel: ctx.services.log.level,
  })),

  save: adminProcedure.input(settingsInput).mutation(async ({ ctx, input }) => {
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
