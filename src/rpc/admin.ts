import { dashboardStats } from '../server/admin/dashboard-stats.ts';
import { dashboardStatsOutput } from './schemas/admin.ts';
import { adminProcedure, router } from './trpc.ts';

export const adminRouter = router({
  /** The admin dashboard's counters. */
  stats: adminProcedure.output(dashboardStatsOutput).query(({ ctx }) => dashboardStats(ctx.em)),
});
