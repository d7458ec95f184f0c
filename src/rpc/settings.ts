import { saveAndApplySettings, settingsWithLogLevel } from '../server/settings/log-level.ts';
import { runMaintenanceOnDemand } from '../server/settings/maintenance.ts';
import { maintenanceOutput, settingsInput, settingsOutput } from './schemas/settings.ts';
import { adminProcedure, router } from './trpc.ts';

export const settingsRouter = router({
  get: adminProcedure.output(settingsOutput).query(({ ctx }) => settingsWithLogLevel(ctx.em, ctx.services)),

  save: adminProcedure
    .input(settingsInput)
    .output(settingsOutput)
    .mutation(({ ctx, input }) => saveAndApplySettings(ctx.em, input, ctx.services)),

  runMaintenance: adminProcedure
    .output(maintenanceOutput)
    .mutation(({ ctx }) => runMaintenanceOnDemand(ctx.em)),
});
