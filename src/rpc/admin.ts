import { dashboardStats } from '../server/admin/dashboard-stats.ts';
import { adminProcedure, router } from './trpc.ts';

export const adminRouter = router({
  /** The admin dashboard's counters. */
  stats: adminProcedure.query(({ ctx }) => dashboardStats(ctx.em)),
});
