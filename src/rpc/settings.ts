import { saveAndApplySettings, settingsWithLogLevel } from '../server/settings/log-level.ts';
import { runMaintenanceOnDemand } from '../server/settings/maintenance.ts';
import { settingsInput } from './schemas/settings.ts';
import { adminProcedure, router } from './trpc.ts';

export const settingsRouter = router({
  get: adminProcedure.query(({ ctx }) => settingsWithLogLevel(ctx.em, ctx.services)),

  save: adminProcedure
    .input(settingsInput)
    .mutation(({ ctx, input }) => saveAndApplySettings(ctx.em, input, ctx.services)),

  runMaintenance: adminProcedure.mutation(({ ctx }) => runMaintenanceOnDemand(ctx.em)),
});
